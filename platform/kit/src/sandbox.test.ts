/**
 * Issue 40: a team's code ran with the release host's rights. The sandbox it now runs in, tried as that code
 * would: the attempts of hostile-attempts.ts, against a deploy folder laid out as a host's (keys 0600 in a 0700
 * `releases/`, the live shell's files readable by anyone) and a server of the test's on loopback. Every attempt
 * but writing its own home fails, in Node (`run`, the gates' and the prerender's workers) and in a confined
 * process (`confine`, the Chromium gate's browser); out of time or memory it is ended.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostileOutcomes, HostileTargets } from '../testing/hostile-attempts.ts';
import { repoRoot } from './paths.ts';
import { openSandbox, type Sandbox, sandboxSummary } from './sandbox.ts';

const isRoot = process.getuid?.() === 0;
const secret = `sandbox-test-secret-${process.pid}`;
let work: string;
let server: Server;
let calls = 0;
let targets: Omit<HostileTargets, 'ownFile'>;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  chmodSync(work, 0o755);
  const releases = join(work, 'deploy', 'releases');
  const shell = join(work, 'deploy', 'shell');
  mkdirSync(releases, { recursive: true, mode: 0o700 });
  mkdirSync(shell, { recursive: true, mode: 0o755 });
  chmodSync(join(work, 'deploy'), 0o755);
  writeFileSync(join(releases, 'operator.key'), `${secret}-operator`, { mode: 0o600 });
  writeFileSync(join(releases, 'keys.json'), `{"key":"${secret}-team"}`, { mode: 0o600 });
  writeFileSync(join(shell, 'index.html'), '<!doctype html><title>live</title>', { mode: 0o644 });
  server = createServer((_request, response) => {
    calls += 1;
    response.end(secret);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  targets = {
    read: {
      'the operator key': join(releases, 'operator.key'),
      'keys.json': join(releases, 'keys.json'),
      'a live page': join(shell, 'index.html'),
      'the checkout': join(repoRoot, 'package.json'),
    },
    write: { 'into the live shell': join(shell, 'pwned.txt'), 'into the keys': join(releases, 'keys.json') },
    server: `http://127.0.0.1:${(server.address() as AddressInfo).port}/steal`,
  };
  process.env.SANDBOX_TEST_SECRET = secret;
});

afterAll(() => {
  delete process.env.SANDBOX_TEST_SECRET;
  server.close();
  rmSync(work, { recursive: true, force: true });
});

const worker = join(import.meta.dirname, '..', 'testing', 'hostile-worker.ts');

function expectAllRefused(outcomes: HostileOutcomes, { nodeModel }: { nodeModel: boolean }): void {
  for (const name of Object.keys(targets.read)) {
    // As another user the browser may still read what anyone may read; Node's model refuses every read.
    if (!nodeModel && (name === 'a live page' || name === 'the checkout')) continue;
    if (!nodeModel && !isRoot) continue;
    expect(outcomes[`read ${name}`], `read ${name}`).toMatch(/^refused: /);
  }
  for (const name of Object.keys(targets.write)) {
    if (!nodeModel && !isRoot) continue;
    expect(outcomes[`write ${name}`], `write ${name}`).toMatch(/^refused: /);
  }
  expect(outcomes['write its own home']).toBe('ok: written');
  if (nodeModel) expect(outcomes['start a process']).toMatch(/^refused: /);
  expect(outcomes['call the host']).toMatch(/^refused: /);
  expect(outcomes.environment).not.toContain(secret);
  // Its own (PWD is its shell's: its home) and, for a worker, the settings it was given by name.
  const given = ['HOME', 'LANG', 'NODE_ENV', 'PATH', 'PWD', 'TMPDIR'].concat(
    nodeModel ? ['SANDBOX_SETTING'] : [],
  );
  const environment = Object.keys(JSON.parse(outcomes.environment ?? '{}'));
  expect(environment.filter((name) => !given.includes(name))).toEqual([]);
  if (isRoot) expect(outcomes.user).toBe('65534');
  expect(JSON.stringify(outcomes)).not.toContain(`${secret}-`);
  expect(readFileSync(targets.read['keys.json'] as string, 'utf8')).toBe(`{"key":"${secret}-team"}`);
  expect(existsSync(targets.write['into the live shell'] as string)).toBe(false);
  expect(calls).toBe(0);
}

describe('the sandbox (issue 40)', () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    sandbox = openSandbox('sandbox-test');
  });
  afterAll(() => sandbox.remove());

  it("runs a Node worker that can read, write, start, call and see nothing of the host's", () => {
    const result = sandbox.run({
      worker,
      args: [JSON.stringify({ ...targets, ownFile: join(sandbox.home, 'scratch.txt') })],
      settings: { SANDBOX_SETTING: 'given by name' },
      timeoutMs: 60_000,
      memoryMb: 256,
      maxBuffer: 1024 * 1024,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const outcomes = JSON.parse(result.stdout) as HostileOutcomes;
    expectAllRefused(outcomes, { nodeModel: true });
    expect(outcomes['read the operator key']).toBe('refused: ERR_ACCESS_DENIED');
    expect(outcomes['start a process']).toBe('refused: ERR_ACCESS_DENIED');
  }, 90_000);

  it('confines a program (the Chromium gate’s browser): its own user, no network, no environment of the host', () => {
    const bundle = join(sandbox.view, 'hostile.mjs');
    buildSync({ entryPoints: [worker], bundle: true, platform: 'node', format: 'esm', outfile: bundle });
    chmodSync(bundle, 0o644);
    const confined = sandbox.confine(process.execPath);
    const result = spawnSync(
      confined,
      [bundle, JSON.stringify({ ...targets, ownFile: join(sandbox.home, 'scratch-2.txt') })],
      { encoding: 'utf8', env: process.env, timeout: 60_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const outcomes = JSON.parse(result.stdout) as HostileOutcomes;
    expectAllRefused(outcomes, { nodeModel: false });
    if (isRoot) expect(outcomes['read the operator key']).toBe('refused: EACCES');
    // No interface is up in its namespace: not even the loopback answers.
    expect(outcomes['call the host']).toMatch(/^refused: (ENETUNREACH|ECONNREFUSED)$/);
  }, 90_000);

  it('tells the operator what it holds on this host', () => {
    // This machine makes namespaces (the confined program above had no network), as root in CI.
    expect(sandboxSummary()).toBe(
      `Team code runs in a sandbox: Node's permission model, no network (a namespace of its own), ${isRoot ? 'the user nobody (65534)' : "the service's own user"}.`,
    );
  });

  it('ends a worker that runs out of time or memory', () => {
    const loops = join(work, 'loops.ts');
    writeFileSync(loops, 'for (;;) {}\n');
    const slow = sandbox.run({ worker: loops, args: [], timeoutMs: 2000, memoryMb: 64, maxBuffer: 1024 });
    expect(slow.signal ?? slow.status).toBe('SIGKILL');
    const grows = join(work, 'grows.ts');
    writeFileSync(grows, 'const kept: string[] = [];\nfor (;;) kept.push("x".repeat(1024) + kept.length);\n');
    const big = sandbox.run({
      worker: grows,
      args: [],
      timeoutMs: 60_000,
      memoryMb: 32,
      maxBuffer: 64 * 1024,
    });
    expect(big.status).not.toBe(0);
    expect(big.stderr).toMatch(/heap out of memory/i);
  }, 90_000);
});
