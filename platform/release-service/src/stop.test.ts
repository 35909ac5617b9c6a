import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { releaseRoutes } from 'build-config/release-protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceEnv, startService } from '../testing/service.ts';
import { ensureOperatorKey } from './keys.ts';
import type { OperationResult } from './operation.ts';

/**
 * An operator's restart in the middle of a release: the service stops taking requests, lets the change under
 * way finish and its reply reach the team's command, then exits.
 */
describe('stopping the release service during a change', () => {
  const work = mkdtempSync(join(tmpdir(), 'release-stop-'));
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  it('finishes the change and delivers its reply before it stops', async () => {
    const deploy = join(work, 'deploy');
    const key = ensureOperatorKey(deploy);
    let finished = false;
    const service = await startService(deploy, serviceEnv, {
      watch: false,
      log: { info: () => {}, error: () => {} },
      // A change that takes a while, as a prerender does; what it changes is the library's business.
      runOperation: async (): Promise<OperationResult> => {
        await sleep(600);
        finished = true;
        return { ok: true, output: [{ stream: 'out', text: 'Promoted.' }], audit: [] };
      },
    });
    const reply = fetch(`${service.url}${releaseRoutes.promote('mf-marketing')}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
    });
    for (let tries = 0; tries < 100; tries += 1) {
      const health = (await (await fetch(`${service.url}/health`)).json()) as { status: string };
      if (health.status === 'busy') break;
      await sleep(10);
    }
    const stopped = service.stop();

    const answer = await reply;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ output: [{ stream: 'out', text: 'Promoted.' }], audit: [] });
    await stopped;
    expect(finished).toBe(true);
    await expect(fetch(`${service.url}/health`)).rejects.toThrow();
  });
});
