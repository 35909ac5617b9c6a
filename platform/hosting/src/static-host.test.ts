import { randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { precompressFile } from 'deploy-folder/precompress';
import { shellHtmlHeaders, standalonePageHeaders } from 'deploy-folder/security-headers';
import { pageFileName, pagesDir } from 'deploy-model/layout';
import { bucketOf, newBucketIdentifier } from 'federation/bucket';
import { remoteMapSchema } from 'federation/remote-map';
import { hostSettings } from 'platform-kit/settings/hosts';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { pageFor, writePages } from 'site-pages/pages';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { siteRoots } from './serve-deploy.ts';
import { get, getWith, probes, type RawResponse, rawRequest } from './static-host/request-table.ts';
import { startStaticHost } from './static-host.ts';

/*
 * The request table and its raw-socket client live in static-host/request-table.ts (nginx runs the same table).
 * The deploy folder is laid out as serveDeploy serves it, with secrets beside the served folders.
 */

const secret = `TOP-SECRET-${process.pid}-${Date.now()}`;
let deploy: string;
let servers: Awaited<ReturnType<typeof startStaticHost>> = [];
const ports = { shell: 0, remote: 0, proxied: 0 };
const socialImage = randomBytes(64 * 1024);
const remoteRuntime = `globalThis.runtime = ${JSON.stringify('x'.repeat(4096))};`;
const standalonePage =
  '<!doctype html><html lang="en"><head><title>mf_marketing: standalone</title></head><body></body></html>';

beforeAll(async () => {
  deploy = mkdtempSync(join(tmpdir(), 'static-host-test-'));
  writeFileSync(join(deploy, 'secret.txt'), secret);
  // A sibling whose name starts with the served folder's ("shell" → "shell-private").
  mkdirSync(join(deploy, 'shell-private'));
  writeFileSync(join(deploy, 'shell-private', 'secret.txt'), secret);

  const shell = join(deploy, 'shell');
  mkdirSync(join(shell, 'static', 'js'), { recursive: true });
  writeFileSync(
    join(shell, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(shell, 'static', 'js', 'index.0123abcd.js'), 'console.log("shell");');
  // The social image: large, not compressed, cached for an hour and then revalidated.
  writeFileSync(join(shell, 'og-image.png'), socialImage);
  writeFileSync(join(shell, 'runtime.json'), JSON.stringify({ apiUrl: 'http://localhost:3010' }));
  writeFileSync(join(shell, '%2e%2e'), 'a file named %2e%2e');
  // Links inside the folder that point out of it: a file link and a folder link.
  symlinkSync(join(deploy, 'secret.txt'), join(shell, 'static', 'leak.txt'));
  symlinkSync(deploy, join(shell, 'outside'), 'dir');
  writePages(deploy, siteUrlsSetting({}), undefined, () => []);

  const remote = join(deploy, 'mf-marketing');
  mkdirSync(join(remote, '1.0.0'), { recursive: true });
  writeFileSync(join(remote, '1.0.0', 'mf-manifest.json'), '{"name":"mf_marketing"}');
  // The version's runtime (a fixed name, cached for an hour) and its standalone page.
  mkdirSync(join(remote, '1.0.0', 'static', 'js'), { recursive: true });
  writeFileSync(join(remote, '1.0.0', 'static', 'js', 'federation-runtime.js'), remoteRuntime);
  // Its brotli and gzip forms, as publishing a version writes them.
  precompressFile(join(remote, '1.0.0', 'static', 'js', 'federation-runtime.js'));
  writeFileSync(join(remote, '1.0.0', 'index.html'), standalonePage);
  symlinkSync(join(deploy, 'secret.txt'), join(remote, '1.0.0', 'leak.json'));
  symlinkSync(deploy, join(remote, 'outside'), 'dir');

  // Both kinds of host, configured as serveDeploy (site.ts) does; loopback only, on ports the system picks.
  servers = await startStaticHost([
    {
      port: 0,
      host: '127.0.0.1',
      dir: shell,
      spa: true,
      cors: false,
      pagesDir: pagesDir(deploy),
      htmlHeaders: shellHtmlHeaders(shell),
    },
    {
      port: 0,
      host: '127.0.0.1',
      dir: remote,
      spa: false,
      cors: true,
      htmlHeaders: standalonePageHeaders(shell),
    },
    // The shell's folder again, as served behind one trusted proxy (AGENCY_TRUST_PROXY=1).
    { port: 0, host: '127.0.0.1', dir: shell, spa: true, cors: false, trustProxy: 1 },
  ]);
  const [shellServer, remoteServer, proxiedServer] = servers;
  ports.shell = (shellServer?.address() as AddressInfo | null)?.port ?? 0;
  ports.remote = (remoteServer?.address() as AddressInfo | null)?.port ?? 0;
  ports.proxied = (proxiedServer?.address() as AddressInfo | null)?.port ?? 0;
});

afterAll(async () => {
  await Promise.all(
    servers.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
  rmSync(deploy, { recursive: true, force: true });
});

const hosts = [
  { kind: 'shell' as const, description: 'the shell host (SPA with generated pages)' },
  { kind: 'remote' as const, description: 'a remote host (static files, CORS)' },
];

describe.each(hosts)('$description refuses', ({ kind }) => {
  it.each(probes)('$name', async ({ request, status }) => {
    const response = await rawRequest(ports[kind], request);
    expect(response.raw).not.toContain(secret);
    expect(response.raw).not.toMatch(/root:.*:0:0:/);
    expect(response.status).toBe(typeof status === 'number' ? status : status[kind]);
    expect(response.headers['cache-control']).toBe('no-store');
    if (response.status === 405) expect(response.headers.allow).toBe('GET, HEAD, OPTIONS');
    // Refusals are short plain text; only the shell's 404 page is HTML.
    if (response.status !== 404 || kind === 'remote') {
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.body.length).toBeLessThan(200);
      expect(response.body).toMatch(/^[A-Z][^\n]*\n$/);
    }
  });
});

describe('static hosts still serve', () => {
  it('the shell’s files, its generated pages and its 404 page', async () => {
    const script = await rawRequest(ports.shell, get('/static/js/index.0123abcd.js'));
    expect(script.status).toBe(200);
    expect(script.body).toBe('console.log("shell");');
    const services = await rawRequest(ports.shell, get('/services?utm_source=x'));
    expect(services.status).toBe(200);
    expect(services.body).toBe(readFileSync(pageFor(deploy, '/services') ?? '', 'latin1'));
    const missing = await rawRequest(ports.shell, get('/no-such-page'));
    expect(missing.status).toBe(404);
    expect(missing.body).toBe(readFileSync(pageFor(deploy, null) ?? '', 'latin1'));
    // A file named like an encoded segment is served under its own name, decoded once.
    const literal = await rawRequest(ports.shell, get('/%252e%252e'));
    expect(literal.status).toBe(200);
    expect(literal.body).toBe('a file named %2e%2e');
    const options = await rawRequest(ports.shell, get('/', 'OPTIONS'));
    expect(options.status).toBe(204);
  });

  it('/Portfolio and /portfolio, each from its own file', async () => {
    expect(pageFileName('/Portfolio')).toBe('~portfolio.html');
    for (const path of ['/Portfolio', '/portfolio', '/Portfolio/']) {
      const response = await rawRequest(ports.shell, get(path));
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(readFileSync(pageFor(deploy, path.replace(/\/$/, '')) ?? '', 'latin1'));
      expect(response.body).toMatch(/<title>Portfolio \|/);
    }
  });

  it('a remote’s files with CORS', async () => {
    const manifest = await rawRequest(ports.remote, get('/1.0.0/mf-manifest.json'));
    expect(manifest.status).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.body).toBe('{"name":"mf_marketing"}');
  });
});

const addressOf = (server: Server | undefined) =>
  (server?.address() ?? { address: '', port: 0 }) as AddressInfo;

const stopServers = (started: Server[]) =>
  Promise.all(
    started.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );

describe('revalidation: validators and 304', () => {
  it('answers a copy of the social image that is still current with 304 and no body, not its bytes again', async () => {
    const first = await rawRequest(ports.shell, get('/og-image.png'));
    expect(first.status).toBe(200);
    expect(first.headers['content-length']).toBe(String(socialImage.length));
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    const lastModified = first.headers['last-modified'] ?? '';
    expect(lastModified).toBe(statSync(join(deploy, 'shell', 'og-image.png')).mtime.toUTCString());

    for (const validator of [{ 'If-None-Match': etag }, { 'If-Modified-Since': lastModified }] as Array<
      Record<string, string>
    >) {
      for (const method of ['GET', 'HEAD']) {
        const again = await rawRequest(
          ports.shell,
          getWith('/og-image.png', validator).replace(/^GET/, method),
        );
        expect(again.status, JSON.stringify(validator)).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers['content-length']).toBeUndefined();
        // What the browser updates its copy with: the same validators and cache rule.
        expect(again.headers.etag).toBe(etag);
        expect(again.headers['cache-control']).toBe('public, max-age=3600');
        expect(again.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    // One of several tags, and the tag without its W/ prefix (weak comparison), match too.
    const listed = await rawRequest(
      ports.shell,
      getWith('/og-image.png', { 'If-None-Match': `"other", ${etag.slice(2)}` }),
    );
    expect(listed.status).toBe(304);
  });

  it('gives each encoding of a remote’s runtime its own ETag, and 304 only for the copy the browser has', async () => {
    const runtime = '/1.0.0/static/js/federation-runtime.js';
    const tags: Record<string, string> = {};
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await rawRequest(ports.remote, getWith(runtime, { 'Accept-Encoding': encoding }));
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      tags[encoding] = response.headers.etag ?? '';
      const again = await rawRequest(
        ports.remote,
        getWith(runtime, { 'Accept-Encoding': encoding, 'If-None-Match': tags[encoding] ?? '' }),
      );
      expect(again.status, encoding).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['access-control-allow-origin']).toBe('*');
    }
    expect(tags.br).toMatch(/-br"$/);
    expect(tags.gzip).toMatch(/-gzip"$/);
    expect(new Set(Object.values(tags)).size).toBe(3);
    // A gzip copy does not stand for the brotli body, nor the other way round: the whole body comes again.
    const otherEncoding = await rawRequest(
      ports.remote,
      getWith(runtime, { 'Accept-Encoding': 'gzip', 'If-None-Match': tags.br ?? '' }),
    );
    expect(otherEncoding.status).toBe(200);
    expect(gunzipSync(Buffer.from(otherEncoding.body, 'latin1')).toString()).toBe(remoteRuntime);
  });

  it('sends a changed file whole, and whole again to a reload (Cache-Control: no-cache)', async () => {
    const file = join(deploy, 'shell', 'static', 'notes.txt');
    writeFileSync(file, 'first');
    const first = await rawRequest(ports.shell, get('/static/notes.txt'));
    const etag = first.headers.etag ?? '';
    const lastModified = first.headers['last-modified'] ?? '';
    expect(
      (await rawRequest(ports.shell, getWith('/static/notes.txt', { 'If-None-Match': etag }))).status,
    ).toBe(304);
    writeFileSync(file, 'second');
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);
    for (const validator of [{ 'If-None-Match': etag }, { 'If-Modified-Since': lastModified }] as Array<
      Record<string, string>
    >) {
      const changed = await rawRequest(ports.shell, getWith('/static/notes.txt', validator));
      expect(changed.status).toBe(200);
      expect(changed.body).toBe('second');
      expect(changed.headers.etag).not.toBe(etag);
    }
    const current = (await rawRequest(ports.shell, get('/static/notes.txt'))).headers.etag ?? '';
    const reload = await rawRequest(
      ports.shell,
      getWith('/static/notes.txt', { 'If-None-Match': current, 'Cache-Control': 'no-cache' }),
    );
    expect(reload.status).toBe(200);
    expect(reload.body).toBe('second');
  });

  it('keeps runtime.json and the pages never cached, with validators all the same; never a 304 for a 404', async () => {
    for (const target of ['/runtime.json', '/services']) {
      const first = await rawRequest(ports.shell, get(target));
      expect(first.headers['cache-control']).toBe('no-store');
      const etag = first.headers.etag ?? '';
      expect(etag).toMatch(/^W\/"/);
      const again = await rawRequest(ports.shell, getWith(target, { 'If-None-Match': etag }));
      expect(again.status).toBe(304);
      expect(again.headers['cache-control']).toBe('no-store');
    }
    // The 404 page and a refusal describe no resource to keep: never a 304, never a validator.
    const missing = await rawRequest(ports.shell, getWith('/no-such-page', { 'If-None-Match': '*' }));
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const refused = await rawRequest(ports.remote, getWith('/nothing.js', { 'If-None-Match': '*' }));
    expect(refused.status).toBe(404);
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = 'max-age=31536000; includeSubDomains';

  it('is sent on every answer when a trusted proxy says the visitor came over https, and only then', async () => {
    for (const target of ['/', '/services', '/static/js/index.0123abcd.js', '/no-such-page', '/../x']) {
      const response = await rawRequest(ports.proxied, getWith(target, { 'X-Forwarded-Proto': 'https' }));
      expect(response.headers['strict-transport-security'], target).toBe(hsts);
    }
    // The proxy appended its entry to one the client wrote: the proxy's, on the right, counts.
    const appended = await rawRequest(ports.proxied, getWith('/', { 'X-Forwarded-Proto': 'http, https' }));
    expect(appended.headers['strict-transport-security']).toBe(hsts);

    // Not over plain http, nor when only the client says https.
    const cases: Array<[number, Record<string, string>]> = [
      [ports.proxied, {}],
      [ports.proxied, { 'X-Forwarded-Proto': 'http' }],
      // The client wrote https, the trusted proxy appended what it saw.
      [ports.proxied, { 'X-Forwarded-Proto': 'https, http' }],
      // No proxy trusted: the header is the client's own.
      [ports.shell, { 'X-Forwarded-Proto': 'https' }],
      [ports.remote, { 'X-Forwarded-Proto': 'https' }],
    ];
    for (const [port, headers] of cases) {
      const response = await rawRequest(port, getWith('/', headers));
      expect(response.headers['strict-transport-security'], JSON.stringify(headers)).toBeUndefined();
    }
  });
});

/** Whether this machine has IPv6 loopback at all (a host without it listens on 127.0.0.1 alone). */
const hasIpv6Loopback = Object.values(networkInterfaces())
  .flat()
  .some((address) => address?.address === '::1');

describe('listening address', () => {
  it('without a host, listens on loopback only: 127.0.0.1, and ::1 on the same port', async () => {
    const started = await startStaticHost([{ port: 0, dir: join(deploy, 'shell'), spa: false, cors: false }]);
    const address = addressOf(started[0]);
    try {
      expect(address.address).toBe('127.0.0.1');
      expect((await rawRequest(address.port, get('/static/js/index.0123abcd.js'))).status).toBe(200);
      if (hasIpv6Loopback) {
        const overIpv6 = await rawRequest(address.port, get('/static/js/index.0123abcd.js'), '::1');
        expect(overIpv6.status).toBe(200);
        expect(overIpv6.body).toBe('console.log("shell");');
      }
    } finally {
      await stopServers(started);
    }
    // Closing the server closes both addresses.
    const { port } = address;
    for (const host of hasIpv6Loopback ? ['127.0.0.1', '::1'] : ['127.0.0.1']) {
      await expect(
        new Promise((resolve, reject) => connect({ host, port }).on('connect', resolve).on('error', reject)),
        host,
      ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    }
  });

  it('reads AGENCY_HOST and AGENCY_TRUST_PROXY for every host serveDeploy starts, strictly', () => {
    for (const root of siteRoots(deploy, hostSettings({}))) {
      expect(root.host).toBeUndefined();
      expect(root.trustProxy).toBe(0);
    }
    const configured = siteRoots(
      deploy,
      hostSettings({ AGENCY_HOST: '0.0.0.0', AGENCY_TRUST_PROXY: 'true' }),
    );
    expect(configured.map(({ host, trustProxy }) => [host, trustProxy])).toEqual(
      Array(4).fill(['0.0.0.0', 1]),
    );
    expect(siteRoots(deploy, hostSettings({ AGENCY_TRUST_PROXY: '2' }))[0]?.trustProxy).toBe(2);
    expect(siteRoots(deploy, hostSettings({ AGENCY_TRUST_PROXY: 'false' }))[0]?.trustProxy).toBe(0);
    for (const bad of ['yes please', '-1', '11', '1.5']) {
      expect(() => siteRoots(deploy, hostSettings({ AGENCY_TRUST_PROXY: bad })), bad).toThrow(
        /AGENCY_TRUST_PROXY/,
      );
    }
  });

  it('listens where AGENCY_HOST says, and only there', async () => {
    const [shellRoot] = siteRoots(deploy, hostSettings({ AGENCY_HOST: '127.0.0.1' }));
    const started = await startStaticHost([
      { ...(shellRoot ?? { dir: '', spa: true, cors: false }), port: 0 },
    ]);
    try {
      const { address, port } = addressOf(started[0]);
      expect(address).toBe('127.0.0.1');
      if (hasIpv6Loopback) {
        await expect(rawRequest(port, get('/'), '::1')).resolves.toMatchObject({ status: 0, raw: '' });
      }
    } finally {
      await stopServers(started);
    }
  });
});

describe('a remote’s standalone page', () => {
  /** A policy as directive name → sources. */
  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split('; ').map((directive) => {
        const [name = '', ...sources] = directive.split(' ');
        return [name, sources];
      }),
    );

  it('gets the site’s security headers and a policy of its own origin, as serveDeploy serves it', async () => {
    const started = await startStaticHost(
      siteRoots(deploy, hostSettings({})).map((root) => ({ ...root, port: 0 })),
    );
    try {
      const { port } = addressOf(started[1]);
      for (const target of ['/1.0.0/index.html', '/1.0.0/']) {
        const response = await rawRequest(port, get(target));
        expect(response.status, target).toBe(200);
        expect(response.body).toBe(standalonePage);
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/);
        const policy = directives(response.headers['content-security-policy'] ?? '');
        expect(policy['frame-ancestors']).toEqual(["'none'"]);
        expect(policy['script-src']).toEqual(["'self'"]);
        expect(policy['object-src']).toEqual(["'none'"]);
        expect(policy['base-uri']).toEqual(["'self'"]);
        // Its contact forms post to the enquiry API of runtime.json, by the exact paths.
        expect(policy['connect-src']).toEqual(
          expect.arrayContaining(["'self'", 'http://localhost:3010/send-email']),
        );
      }
      // Its scripts and manifests are not pages: no policy of their own.
      const manifest = await rawRequest(port, get('/1.0.0/mf-manifest.json'));
      expect(manifest.headers['content-security-policy']).toBeUndefined();
    } finally {
      await stopServers(started);
    }
  });
});

describe('the shell host with page variants (a canary)', () => {
  let variantsDeploy: string;
  let variantsServers: Awaited<ReturnType<typeof startStaticHost>> = [];
  let port = 0;
  const bucketsFile = () => join(pagesDir(variantsDeploy), 'buckets.json');

  /** An identifier whose bucket is in [from, to), as a visitor in that share would have. */
  function identifierIn(from: number, to: number): string {
    for (;;) {
      const identifier = newBucketIdentifier();
      if (bucketOf(identifier) >= from && bucketOf(identifier) < to) return identifier;
    }
  }

  let proxiedPort = 0;
  const page = (target: string, headers: Record<string, string> = {}, to = port) =>
    rawRequest(
      to,
      `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}Connection: close\r\n\r\n`,
    );
  const setCookies = (response: RawResponse) => response.raw.match(/^set-cookie:.*$/gim) ?? [];
  const identifierSet = (response: RawResponse) =>
    /^agency-bucket=([0-9a-f]{32}); Path=\/; Max-Age=31536000; SameSite=Lax$/.exec(
      response.headers['set-cookie'] ?? '',
    )?.[1];

  beforeAll(async () => {
    variantsDeploy = mkdtempSync(join(tmpdir(), 'static-host-variants-test-'));
    mkdirSync(join(variantsDeploy, 'shell', 'static', 'js'), { recursive: true });
    writeFileSync(
      join(variantsDeploy, 'shell', 'index.html'),
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(variantsDeploy, 'shell', 'static', 'js', 'index.0123abcd.js'),
      'console.log("shell");',
    );
    const entry = (name: string, traffic: number, isDefault: boolean) => ({
      url: `http://cdn.example/m/${name}/mf-manifest.json`,
      metadata: { version: name, integrity: `sha384-${'A'.repeat(64)}` },
      deployment: { traffic, default: isDefault },
    });
    // mf_marketing 2.0.0 for buckets 0–19, 1.0.0 for everyone else.
    writeFileSync(
      join(variantsDeploy, 'shell', 'remotes.json'),
      JSON.stringify({
        schema: remoteMapSchema,
        microFrontends: { mf_marketing: [entry('1.0.0', 80, true), entry('2.0.0', 20, false)] },
      }),
    );
    writePages(variantsDeploy, siteUrlsSetting({}), undefined, (_deploy, paths, _env, remoteMap) =>
      paths.map((path) => ({
        path,
        html: `<main>marketing ${remoteMap.mf_marketing?.version}</main>`,
        styles: '',
        failedSlots: [],
        renderErrors: [],
      })),
    );
    variantsServers = await startStaticHost([
      {
        port: 0,
        host: '127.0.0.1',
        dir: join(variantsDeploy, 'shell'),
        spa: true,
        cors: false,
        pagesDir: pagesDir(variantsDeploy),
      },
      {
        port: 0,
        host: '127.0.0.1',
        dir: join(variantsDeploy, 'shell'),
        spa: true,
        cors: false,
        pagesDir: pagesDir(variantsDeploy),
        trustProxy: 1,
      },
    ]);
    port = (variantsServers[0]?.address() as AddressInfo | null)?.port ?? 0;
    proxiedPort = (variantsServers[1]?.address() as AddressInfo | null)?.port ?? 0;
  });

  afterAll(async () => {
    await Promise.all(
      variantsServers.map((server) => {
        server.closeAllConnections();
        return new Promise((resolve) => server.close(resolve));
      }),
    );
    rmSync(variantsDeploy, { recursive: true, force: true });
  });

  it('gives a first visitor one bucket cookie with their page, which depends on it', async () => {
    const response = await page('/services');
    expect(response.status).toBe(200);
    expect(setCookies(response)).toHaveLength(1);
    const identifier = identifierSet(response);
    expect(identifier).toBeDefined();
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(response.headers['cache-control']).toBe('no-store');
    // The page is the one for the bucket the new identifier falls in.
    const version = bucketOf(identifier ?? '') < 20 ? '2.0.0' : '1.0.0';
    expect(response.body).toContain(`<main>marketing ${version}</main>`);
    // Over https (here: behind a trusted proxy that says so) the cookie is Secure.
    const secure = await page('/services', { 'X-Forwarded-Proto': 'https' }, proxiedPort);
    expect(secure.headers['set-cookie']).toMatch(/^agency-bucket=[0-9a-f]{32}; .*; SameSite=Lax; Secure$/);
    // Said by the client itself, with no proxy trusted, it is not believed.
    const claimed = await page('/services', { 'X-Forwarded-Proto': 'https' });
    expect(claimed.headers['set-cookie']).toMatch(/; SameSite=Lax$/);
  });

  it('sets no cookie with files that are not pages', async () => {
    for (const target of ['/static/js/index.0123abcd.js', '/remotes.json']) {
      const response = await page(target);
      expect(response.status).toBe(200);
      expect(setCookies(response)).toEqual([]);
      expect(response.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('serves a visitor in the canary’s buckets its variant, and everyone else the default pages', async () => {
    const canary = identifierIn(0, 20);
    for (const target of ['/services', '/', '/index.html', '/no-such-page']) {
      const response = await page(target, { Cookie: `theme=dark; agency-bucket=${canary}` });
      expect(response.status).toBe(target === '/no-such-page' ? 404 : 200);
      expect(response.body).toContain('<main>marketing 2.0.0</main>');
      expect(response.headers.vary).toBe('Accept-Encoding, Cookie');
      // The cookie kept is the cookie renewed.
      expect(identifierSet(response)).toBe(canary);
    }
    expect((await page('/services', { Cookie: `agency-bucket=${canary}` })).body).toBe(
      readFileSync(join(pagesDir(variantsDeploy), 'buckets', '0-20', 'services.html'), 'latin1'),
    );
    const other = await page('/services', { Cookie: `agency-bucket=${identifierIn(20, 100)}` });
    expect(other.body).toBe(readFileSync(pageFor(variantsDeploy, '/services') ?? '', 'latin1'));
    expect(other.body).toContain('<main>marketing 1.0.0</main>');
  });

  it('replaces a cookie that holds no identifier of its own making', async () => {
    for (const forged of [
      'agency-bucket=../../etc/passwd',
      'agency-bucket=0',
      `agency-bucket=${'A'.repeat(32)}`,
    ]) {
      const response = await page('/about', { Cookie: forged });
      expect(response.status).toBe(200);
      const identifier = identifierSet(response);
      expect(identifier).toMatch(/^[0-9a-f]{32}$/);
      expect(response.body).toContain(
        `<main>marketing ${bucketOf(identifier ?? '') < 20 ? '2.0.0' : '1.0.0'}</main>`,
      );
    }
  });

  it('serves the default pages, warning once, while buckets.json is broken', async () => {
    const canary = identifierIn(0, 20);
    const good = readFileSync(bucketsFile(), 'utf8');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const broken of [
        '{ not json',
        JSON.stringify([{ from: 0, to: 20, dir: '../../shell', versions: {} }]),
      ]) {
        writeFileSync(bucketsFile(), broken);
        for (let visit = 0; visit < 2; visit += 1) {
          const response = await page('/services', { Cookie: `agency-bucket=${canary}` });
          expect(response.status).toBe(200);
          expect(response.body).toContain('<main>marketing 1.0.0</main>');
        }
      }
      expect(warn).toHaveBeenCalledTimes(2);
      for (const [message] of warn.mock.calls) expect(message).toContain(bucketsFile());
      // Missing, as without a canary: the default pages, and nothing to warn about.
      rmSync(bucketsFile());
      expect((await page('/services', { Cookie: `agency-bucket=${canary}` })).body).toContain(
        '<main>marketing 1.0.0</main>',
      );
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
      writeFileSync(bucketsFile(), good);
    }
    expect((await page('/services', { Cookie: `agency-bucket=${canary}` })).body).toContain(
      '<main>marketing 2.0.0</main>',
    );
  });
});
