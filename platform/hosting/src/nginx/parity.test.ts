/**
 * One behaviour, two servers: the same deploy served by the embedded host (serveDeploy) and by nginx
 * (serveDeployWithNginx), the same requests sent to both, and their answers compared: status, the headers that
 * matter and the body (decoded), for pages, variants by cookie, the 404 page, assets in each encoding, the
 * remote map, the preflight, refused methods, previews, and a release's change seen by the next request.
 */
import { rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { pagesDir } from 'deploy-model/layout';
import { variantsIndexName } from 'deploy-model/variants';
import { bucketOf } from 'federation/bucket';
import { remoteMapSchema } from 'federation/remote-map';
import { hostSettings, nginxSettings } from 'platform-kit/settings/hosts';
import { toolInstalled } from 'platform-kit/testing/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Answer,
  canaryBuckets,
  freePortBase,
  makeTestDeploy,
  send,
  type TestDeploy,
} from '../../testing/nginx-deploy.ts';
import { serveDeploy } from '../serve-deploy.ts';
import { type RunningNginx, serveDeployWithNginx } from './serve.ts';

const missing = !toolInstalled('nginx');

/** The headers both servers must agree on (validators, Date, Server and lengths may differ). */
const compared = [
  'content-type',
  'cache-control',
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'permissions-policy',
  'strict-transport-security',
  'access-control-allow-origin',
  'access-control-allow-methods',
  'access-control-max-age',
  'allow',
  'vary',
  'content-encoding',
  'location',
];

let site: TestDeploy;
let embedded: Server[] = [];
let nginx: RunningNginx | undefined;
const bases = { embedded: 0, nginx: 0 };

beforeAll(async () => {
  if (missing) return;
  site = makeTestDeploy();
  bases.embedded = await freePortBase();
  embedded = await serveDeploy(site.deploy, hostSettings({ AGENCY_PORT_BASE: String(bases.embedded) }));
  bases.nginx = await freePortBase();
  nginx = await serveDeployWithNginx(site.deploy, nginxSettings({ AGENCY_PORT_BASE: String(bases.nginx) }));
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  for (const server of embedded) {
    server.closeAllConnections();
    server.close();
  }
  if (site) rmSync(site.deploy, { recursive: true, force: true });
});

const setCookies = (answer: Answer) => ([] as string[]).concat(answer.headers['set-cookie'] ?? []);

/** A preview cookie's Max-Age: the seconds left until its link expires, when the host answered. */
const previewMaxAge = (answer: Answer) =>
  setCookies(answer)
    .map((cookie) => /^agency-preview=[^;]+;.*Max-Age=(\d+)/.exec(cookie)?.[1])
    .find((seconds) => seconds !== undefined);

/**
 * What is compared of an answer: a new visitor's identifier differs by nature, its cookie's attributes not; a
 * preview cookie's Max-Age is the seconds left, which the two hosts, asked at the same time, may count either side
 * of a second's edge (expectSame holds them to one second apart).
 */
function comparable(answer: Answer, sentIdentifier?: string) {
  const headers = Object.fromEntries(compared.map((name) => [name, answer.headers[name]]));
  const setCookie = setCookies(answer).map((cookie) =>
    cookie
      .replace(/^agency-bucket=([0-9a-f]{32})/, (whole, identifier) =>
        identifier === sentIdentifier ? whole : 'agency-bucket=<new identifier>',
      )
      .replace(/^(agency-preview=[^;]+;.*Max-Age=)[1-9]\d*/, '$1<seconds left>'),
  );
  return { status: answer.status, headers, setCookie, body: answer.body };
}

interface Case {
  name: string;
  /** 0: the shell's port, 1: the first remote's. */
  offset?: number;
  path: string;
  headers?: Record<string, string>;
  method?: string;
  identifier?: string;
}

/**
 * A visitor without a cookie gets a random identifier, so a random bucket: a page case names its visitor (the
 * default one unless it says otherwise), and a new visitor's answer is compared for its cookie alone.
 */
async function both({ offset = 0, path, headers = {}, method = 'GET' }: Case) {
  const [fromEmbedded, fromNginx] = await Promise.all([
    send(bases.embedded + offset, path, headers, method),
    send(bases.nginx + offset, path, headers, method),
  ]);
  return { fromEmbedded, fromNginx };
}

async function expectSame(entry: Case) {
  const { fromEmbedded, fromNginx } = await both(entry);
  // A mismatch says every header of both answers (validators, lengths, Server), not only the compared ones.
  const answers = `${entry.method ?? 'GET'} ${entry.path}\nembedded: ${JSON.stringify(fromEmbedded.headers)}\nnginx: ${JSON.stringify(fromNginx.headers)}`;
  expect(comparable(fromNginx, entry.identifier), answers).toEqual(
    comparable(fromEmbedded, entry.identifier),
  );
  const [embeddedSeconds, nginxSeconds] = [previewMaxAge(fromEmbedded), previewMaxAge(fromNginx)];
  if (embeddedSeconds !== undefined) {
    expect(Math.abs(Number(embeddedSeconds) - Number(nginxSeconds)), answers).toBeLessThanOrEqual(1);
  }
  return { fromEmbedded, fromNginx };
}

const cookie = (identifier: string) => ({ Cookie: `agency-bucket=${identifier}` });
const br = { 'Accept-Encoding': 'gzip, deflate, br' };

describe.skipIf(missing)('nginx answers as the embedded host', () => {
  const pages: Case[] = [
    { name: 'the home page', path: '/', headers: br },
    { name: 'a route', path: '/services', headers: br },
    { name: 'a route with a trailing slash', path: '/services/', headers: br },
    { name: 'the bare index.html, by name', path: '/index.html' },
    { name: 'a route, HEAD', path: '/services', method: 'HEAD' },
    { name: 'an unknown path: the 404 page', path: '/no-such-page', headers: br },
    { name: 'an unknown asset: the 404 page', path: '/static/js/missing.0123abcd.js' },
  ];
  it.each(pages)('$name', async (entry) => {
    const visitor = { ...entry, headers: { ...entry.headers, ...cookie(site.defaultVisitor) } };
    const { fromNginx } = await expectSame({ ...visitor, identifier: site.defaultVisitor });
    expect(fromNginx.headers['set-cookie']).toBeDefined();
  });

  it('gives a new visitor a new identifier in the same cookie', async () => {
    const { fromEmbedded, fromNginx } = await both({ name: 'new', path: '/services' });
    expect(comparable(fromNginx).setCookie).toEqual(comparable(fromEmbedded).setCookie);
    expect(comparable(fromNginx).setCookie).toEqual([
      'agency-bucket=<new identifier>; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
  });

  it('gives a new visitor the variant of the bucket its new cookie names, on both', async () => {
    for (let visit = 0; visit < 20; visit += 1) {
      for (const base of [bases.embedded, bases.nginx]) {
        const answer = await send(base, '/services');
        const identifier =
          /agency-bucket=([0-9a-f]{32})/.exec(String(answer.headers['set-cookie']))?.[1] ?? '';
        const bucket = bucketOf(identifier);
        const inCanary = bucket >= canaryBuckets.from && bucket < canaryBuckets.to;
        expect([base, inCanary]).toEqual([base, answer.body.includes('<!-- canary variant -->')]);
      }
    }
  });

  it('gives a visitor in the canary’s buckets the variant, and others the default, on both', async () => {
    const canary = {
      name: 'canary',
      path: '/services',
      headers: cookie(site.canaryVisitor),
      identifier: site.canaryVisitor,
    };
    const other = {
      name: 'default',
      path: '/services',
      headers: cookie(site.defaultVisitor),
      identifier: site.defaultVisitor,
    };
    expect((await expectSame(canary)).fromNginx.body).toContain('<!-- canary variant -->');
    expect((await expectSame(other)).fromNginx.body).not.toContain('<!-- canary variant -->');
    const notFound = { ...canary, path: '/nope' };
    const { fromNginx } = await expectSame(notFound);
    expect(fromNginx.status).toBe(404);
    expect(fromNginx.body).toContain('<!-- canary variant -->');
  });

  const files: Case[] = [
    { name: 'a hashed script, brotli', path: '/static/js/index.0123abcd.js', headers: br },
    {
      name: 'a hashed script, gzip',
      path: '/static/js/index.0123abcd.js',
      headers: { 'Accept-Encoding': 'gzip' },
    },
    { name: 'a hashed script, identity', path: '/static/js/index.0123abcd.js' },
    { name: 'an image (never compressed)', path: '/og-image.png', headers: br },
    { name: 'remotes.json, never cached', path: '/remotes.json', headers: br },
    { name: 'runtime.json', path: '/runtime.json' },
    { name: 'the preflight', path: '/services', method: 'OPTIONS' },
    { name: 'a refused method', path: '/services', method: 'DELETE' },
    {
      name: 'a remote’s runtime, brotli',
      offset: 1,
      path: '/1.0.0/static/js/federation-runtime.js',
      headers: br,
    },
    {
      name: 'a remote’s runtime, gzip',
      offset: 1,
      path: '/1.0.0/static/js/federation-runtime.js',
      headers: { 'Accept-Encoding': 'gzip' },
    },
    { name: 'a remote’s runtime, identity', offset: 1, path: '/1.0.0/static/js/federation-runtime.js' },
    { name: 'a remote’s manifest', offset: 1, path: '/1.0.0/mf-manifest.json' },
    { name: 'a remote’s standalone page', offset: 1, path: '/1.0.0/' },
    { name: 'a remote’s missing file', offset: 1, path: '/1.0.0/nope.js' },
    { name: 'a remote’s preflight', offset: 1, path: '/1.0.0/mf-manifest.json', method: 'OPTIONS' },
    { name: 'a remote’s refused method', offset: 1, path: '/1.0.0/mf-manifest.json', method: 'POST' },
  ];
  it.each(files)('$name', async (entry) => {
    await expectSame(entry);
  });

  it('sends brotli whatever a worker served before (Debian brotli_static’s path bug, nginx/config.ts)', async () => {
    // As a browser sends them: on localhost the bucket cookie goes to every port.
    const headers = { ...br, ...cookie(site.defaultVisitor) };
    const page = { name: 'page', path: '/services', headers, identifier: site.defaultVisitor };
    const runtime = { name: 'runtime', offset: 1, path: '/1.0.0/static/js/federation-runtime.js', headers };
    for (let round = 0; round < 30; round += 1) {
      await expectSame(page);
      const { fromNginx } = await expectSame(runtime);
      expect(fromNginx.headers['content-encoding']).toBe('br');
    }
  });

  describe('previews', () => {
    it('opens a valid link: the cookie and the way home', async () => {
      const { fromNginx } = await expectSame({ name: 'open', path: `/__preview?token=${site.token()}` });
      expect(fromNginx.status).toBe(303);
      expect(String(fromNginx.headers['set-cookie'])).toContain('agency-preview=');
    });

    const refused: Array<Case & { status: number }> = [
      { name: 'a malformed link', path: '/__preview?token=not-a-token', status: 400 },
      { name: 'no token at all', path: '/__preview', status: 400 },
      { name: 'an expired link', path: '', status: 410 },
      { name: 'a tampered link', path: '', status: 403 },
      { name: 'a link to a preview that is not open', path: '', status: 404 },
    ];
    it.each(refused)('refuses $name with $status, as the embedded host does', async (entry) => {
      const tokens: Record<number, () => string> = {
        410: () => site.token({ expires: Math.floor(Date.now() / 1000) - 10 }),
        403: () => `${site.token().slice(0, -3)}AAA`,
        404: () => site.token({ version: '9.9.9' }),
      };
      const path = entry.path || `/__preview?token=${tokens[entry.status]?.()}`;
      const { fromNginx } = await expectSame({ ...entry, path });
      expect(fromNginx.status).toBe(entry.status);
      expect(fromNginx.headers['set-cookie']).toBeUndefined();
    });

    it('serves a preview browser its pages and its remote map, and leaves with /__preview/exit', async () => {
      const inPreview = { Cookie: `agency-preview=${site.token()}; agency-bucket=${site.canaryVisitor}` };
      const page = await expectSame({
        name: 'page',
        path: '/services',
        headers: inPreview,
        identifier: site.canaryVisitor,
      });
      expect(page.fromNginx.body).toContain('<!-- preview 2.0.0 -->');
      const map = await expectSame({ name: 'map', path: '/remotes.json', headers: inPreview });
      expect(map.fromNginx.body).toContain('2.0.0');
      const exit = await expectSame({ name: 'exit', path: '/__preview/exit', headers: inPreview });
      expect(exit.fromNginx.status).toBe(303);
    });

    it('gives a dev preview’s browser the bare page, the dev map and the widened policy', async () => {
      const dev = {
        Cookie: `agency-preview=${site.token({ dev: 'http://localhost:5173' })}; agency-bucket=${site.defaultVisitor}`,
      };
      const page = await expectSame({
        name: 'page',
        path: '/services',
        headers: dev,
        identifier: site.defaultVisitor,
      });
      expect(page.fromNginx.headers['content-security-policy']).toContain('http://localhost:5173');
      const map = await expectSame({ name: 'map', path: '/remotes.json', headers: dev });
      expect(map.fromNginx.body).toContain('http://localhost:5173/mf-manifest.json');
    });

    it('gives a preview session’s browser the bare page, its versions’ map and its dev server’s policy', async () => {
      const token = site.sessionToken();
      const opened = await expectSame({ name: 'open', path: `/__preview?token=${token}` });
      expect(opened.fromNginx.status).toBe(303);
      const inSession = { Cookie: `agency-preview=${token}; agency-bucket=${site.defaultVisitor}` };
      const page = await expectSame({
        name: 'page',
        path: '/services',
        headers: inSession,
        identifier: site.defaultVisitor,
      });
      expect(page.fromNginx.body).not.toContain('<!-- preview');
      expect(page.fromNginx.headers['content-security-policy']).toContain('http://localhost:5174');
      const map = await expectSame({ name: 'map', path: '/remotes.json', headers: inSession });
      expect(map.fromNginx.body).toContain('http://localhost:3001/2.0.0/mf-manifest.json');
      expect(map.fromNginx.body).toContain('http://localhost:5174/mf-manifest.json');
      expect(map.fromNginx.body).toContain('http://localhost:3003/1.0.0/mf-manifest.json');
    });

    it('ignores a forged preview cookie on both', async () => {
      const forged = {
        Cookie: `agency-preview=${site.token().slice(0, -3)}AAA; agency-bucket=${site.defaultVisitor}`,
      };
      const page = await expectSame({
        name: 'page',
        path: '/services',
        headers: forged,
        identifier: site.defaultVisitor,
      });
      expect(page.fromNginx.body).not.toContain('<!-- preview');
    });
  });

  it('sees a release’s change of buckets.json and remotes.json at the next request, without a reload', async () => {
    const pages = pagesDir(site.deploy);
    const before = await expectSame({
      name: 'before',
      path: '/services',
      headers: cookie(site.canaryVisitor),
      identifier: site.canaryVisitor,
    });
    expect(before.fromNginx.body).toContain('<!-- canary variant -->');
    // The canary ends: no variant any more, and the map names a new origin the policy must allow.
    writeFileSync(join(pages, variantsIndexName), '[]');
    writeFileSync(
      join(site.deploy, 'shell', 'remotes.json'),
      JSON.stringify({
        $schema: remoteMapSchema,
        microFrontends: {
          mf_marketing: [
            {
              url: 'https://cdn.example/mf-marketing/3.0.0/mf-manifest.json',
              metadata: { version: '3.0.0' },
            },
          ],
        },
      }),
    );
    const after = await expectSame({
      name: 'after',
      path: '/services',
      headers: cookie(site.canaryVisitor),
      identifier: site.canaryVisitor,
    });
    expect(after.fromNginx.body).not.toContain('<!-- canary variant -->');
    expect(after.fromNginx.headers['content-security-policy']).toContain('https://cdn.example');
    const map = await expectSame({ name: 'map', path: '/remotes.json' });
    expect(map.fromNginx.body).toContain('https://cdn.example');
    writeFileSync(
      join(pages, variantsIndexName),
      JSON.stringify([
        { ...canaryBuckets, dir: `buckets/${canaryBuckets.from}-${canaryBuckets.to}`, versions: {} },
      ]),
    );
  });
});
