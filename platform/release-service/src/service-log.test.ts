/**
 * Issue 40, item 5: the release service's log. Nothing a client sends can start a line (a CR LF in a path, an
 * ESC, a forwarded address), and every refused or failed request names its client's address.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { releaseRoutes } from 'build-config/release-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeServiceDeploy, post, type ServiceDeploy, serviceEnv, startService } from '../testing/service.ts';
import { runKeyCommand } from './key-command.ts';
import { escapedLine } from './log-line.ts';
import type { RunningReleaseService } from './server.ts';

let site: ServiceDeploy;
let service: RunningReleaseService;
/** What the service logged, as it would reach a file: lines joined by newlines. */
let written = '';
let teamKey = '';

beforeAll(async () => {
  site = makeServiceDeploy();
  service = await startService(site.deploy, serviceEnv, {
    log: { info: (line) => (written += `${line}\n`), error: (line) => (written += `${line}\n`) },
  });
  const lines: string[] = [];
  runKeyCommand(
    { action: 'create', scope: 'mf-portfolio', name: 'portfolio-ci' },
    {
      deploy: site.deploy,
      out: (text) => lines.push(...text.split('\n')),
    },
  );
  teamKey = lines.at(-1) ?? '';
}, 60_000);
afterAll(async () => {
  await service?.stop();
  site?.remove();
});

/** A request written byte for byte as an attacker would (no client library normalising its path). */
function raw(path: string, headers: Record<string, string> = {}): Promise<number> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const sent = request({ host: hostname, port, method: 'POST', path, headers }, (reply) => {
      reply.resume();
      reply.on('end', () => resolve(reply.statusCode ?? 0));
    });
    sent.on('error', reject);
    sent.end();
  });
}

const forged = 'Release service: POST /v1/shell/releases by operator from 127.0.0.1';

describe('the release service’s log', () => {
  it('escapes every control character and line separator, and leaves other text as it is', () => {
    expect(escapedLine('a\r\nb\u001b[2Kc\u2028d\u0085é')).toBe('a\\u000d\\u000ab\\u001b[2Kc\\u2028d\\u0085é');
  });

  it('an encoded CR LF in a path never starts a line', async () => {
    const before = written.length;
    const path = `/v1/x%0d%0a${encodeURIComponent(forged).replaceAll('%2F', '/')}%0d%0a`;
    expect(await raw(path)).toBe(401);
    expect(
      await raw(`/v1/mf-portfolio/promote%0a${encodeURIComponent(forged)}`, {
        authorization: `Bearer ${teamKey}`,
      }),
    ).toBeGreaterThanOrEqual(400);
    const lines = written.slice(before).split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) {
      expect(line).toMatch(/^Release service: POST \/v1\//);
      expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
      expect(line).toMatch(/ from 127\.0\.0\.1 refused \(\d{3}\)$/);
    }
    expect(lines[0]).toContain('\\u000d\\u000aRelease service');
    expect(written.split('\n').filter((line) => line.startsWith(forged))).toEqual([]);
  }, 30_000);

  it('a 500 names the client’s address, in the refusal and in the cause', async () => {
    const map = join(site.deploy, 'shell', 'remotes.json');
    const kept = readFileSync(map);
    writeFileSync(map, '{ not json');
    const before = written.length;
    try {
      const reply = await post(service.url, teamKey, releaseRoutes.rollback('mf-portfolio'), {});
      expect(reply.status).toBe(500);
    } finally {
      writeFileSync(map, kept);
    }
    const lines = written.slice(before).split('\n').filter(Boolean);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Release service: POST \/v1\/mf-portfolio\/rollback from 127\.0\.0\.1 failed on the host \(reference [0-9a-f]{8}\): .*remotes\.json is not valid JSON/,
      ),
      'Release service: POST /v1/mf-portfolio/rollback by portfolio-ci from 127.0.0.1 refused (500)',
    ]);
    expect(written).not.toContain('from unknown');
  }, 30_000);
});
