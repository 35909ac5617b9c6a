/**
 * The static host's request table (static-host/request-table.ts) against nginx serving the same layout. nginx
 * parses requests itself and answers some probes otherwise than the embedded host; each such case names the
 * answers accepted and why they are harmless (docs/deployment.md, "nginx"). What holds for every case on both
 * servers: the secret beside the served folders never appears, nothing outside a folder is served, and a
 * refusal is short plain text that nothing caches.
 */
import { rmSync } from 'node:fs';
import { readPreviewSecret } from 'deploy-folder/preview/token';
import { nginxSettings } from 'platform-kit/settings/hosts';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePortBase, makeTestDeploy, secret, type TestDeploy } from '../../testing/nginx-deploy.ts';
import { get, type Probe, probes, rawRequest } from '../static-host/request-table.ts';
import { type RunningNginx, serveDeployWithNginx } from './serve.ts';

const missing = !toolInstalled('nginx');

type Kind = 'shell' | 'remote';

/** The home page (nginx resolved the target to /index.html, inside the folder) or a plain not-found. */
const homeOrNotFound = { shell: [200], remote: [404] };
/** Read by nginx as a file name no deploy has: the shell's 404 page, a remote's plain 404. */
const aNameNotFound = { shell: [404], remote: [404] };

/** Where nginx answers otherwise than the embedded host: the accepted statuses, and why that is harmless. */
export const nginxAnswers: Record<string, { statuses: Record<Kind, number[]>; why: string }> = {
  'a single-dot segment': {
    statuses: homeOrNotFound,
    why: 'nginx resolves "." and ".." itself (RFC 3986) and refuses only what climbs above the root',
  },
  'dots and a space (Windows reads "... " as "..")': {
    statuses: aNameNotFound,
    why: 'on Linux "... " is a plain file name, never ".."',
  },
  'a backslash': {
    statuses: aNameNotFound,
    why: 'on Linux a backslash is a character of a name, not a separator',
  },
  'an encoded backslash (%5c)': { statuses: aNameNotFound, why: 'as a backslash' },
  'encoded backslashes in capitals (%5C)': { statuses: aNameNotFound, why: 'as a backslash' },
  'an encoded control character': {
    statuses: aNameNotFound,
    why: 'decoded into a name with a line break, which no deploy holds',
  },
  'percent-encoding of no UTF-8 character': {
    statuses: aNameNotFound,
    why: 'decoded into bytes no deploy’s names hold (nginx never reads overlong UTF-8 as "/")',
  },
  'a fragment in the target': {
    statuses: homeOrNotFound,
    why: 'nginx ends the path at "#", as a browser would never have sent what follows',
  },
  'an absolute-form target to another host': {
    statuses: aNameNotFound,
    why: 'HTTP/1.1 servers must accept absolute-form targets; nginx serves its path from the same folder',
  },
  CONNECT: {
    statuses: { shell: [400], remote: [400] },
    why: 'nginx does not implement CONNECT: a bad request',
  },
};

const accepted = (probe: Probe, kind: Kind) =>
  nginxAnswers[probe.name]?.statuses[kind] ?? [
    typeof probe.status === 'number' ? probe.status : probe.status[kind],
  ];

let site: TestDeploy;
let nginx: RunningNginx | undefined;
let base = 0;

beforeAll(async () => {
  if (missing) return;
  site = makeTestDeploy();
  base = await freePortBase();
  nginx = await serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(base) }));
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  if (site) rmSync(site.deploy, { recursive: true, force: true });
});

const hosts = [
  { kind: 'shell' as const, offset: 0, description: 'nginx’s shell server' },
  { kind: 'remote' as const, offset: 1, description: 'nginx’s remote server' },
];

describe.skipIf(missing).each(hosts)('$description answers the request table', ({ kind, offset }) => {
  it('names only probes the table has', () => {
    const names = new Set(probes.map(({ name }) => name));
    expect(Object.keys(nginxAnswers).filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(probes)('$name', async (probe) => {
    const response = await rawRequest(base + offset, probe.request);
    expect(response.raw).not.toContain(secret);
    expect(response.raw).not.toMatch(/root:.*:0:0:/);
    expect(accepted(probe, kind)).toContain(response.status);
    expect(response.headers['cache-control']).toBe('no-store');
    if (response.status === 405) expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    // Refusals are short plain text; only the shell's 404 page and its home page are HTML.
    if (response.status >= 400 && (response.status !== 404 || kind === 'remote')) {
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body.length).toBeLessThan(200);
      expect(response.body).toMatch(/^[A-Z][^\n]*\n$/);
    }
  });
});

describe.skipIf(missing)('nginx’s internal paths', () => {
  // The configuration serves pages and preview maps from the deploy folder through these, after its own checks.
  it.each([
    '/__agency/page/secret.txt',
    '/__agency/page/releases/preview.secret',
    '/__agency/file/secret.txt',
    '/__agency/dev-remotes',
    '/__agency/refusal/400',
  ])('answer %s from outside with the 404 page, and nothing of the deploy', async (path) => {
    const response = await rawRequest(base, get(path));
    expect(response.status).toBe(404);
    expect(response.raw).not.toContain(secret);
    expect(response.raw).not.toContain(readPreviewSecret(site.deploy));
    expect(response.body).toContain('<!doctype html>');
  });
});
