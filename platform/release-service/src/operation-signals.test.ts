import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** Whether the process has a handler for SIGTERM (Linux's SigCgt mask, bit 15): tsx's loader sets one first. */
function catchesSigterm(pid: number): boolean {
  const mask = /^SigCgt:\s*([0-9a-f]+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
  return (BigInt(`0x${mask}`) & (1n << 14n)) !== 0n;
}

/**
 * A stop sent to the site's whole process group (systemd's default, Ctrl+C) reaches the child running a change:
 * it must finish the change and answer, not die half way with the map written and the pages not.
 */
// Linux only: process groups and signals as systemd sends them (the platform the site runs on).
describe.runIf(process.platform === 'linux')('the child process of a change', () => {
  const work = mkdtempSync(join(tmpdir(), 'release-operation-signal-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('finishes its change and answers when it is sent SIGTERM', async () => {
    const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = spawn(
      process.execPath,
      ['--import', loader, join(import.meta.dirname, 'operation-main.ts')],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        env: { ...process.env, AGENCY_CANARY_CHECK_SECONDS: '0' },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const pid = child.pid ?? 0;
    for (let tries = 0; tries < 200 && !catchesSigterm(pid); tries += 1) await sleep(50);
    // The loader is in; the child's own handlers come with its first statement, long before it has loaded the
    // release library and read the request.
    await sleep(1500);

    child.kill('SIGTERM');
    child.stdin.end(
      JSON.stringify({
        deploy: join(work, 'deploy'),
        operation: { kind: 'check' },
        by: 'operator',
        from: 'host',
      }),
    );

    expect(await exited).toBe(0);
    expect(JSON.parse(output)).toMatchObject({ ok: true });
  });
});
