import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { precompressFile } from 'deploy-folder/precompress';
import { pagesDir } from 'deploy-model/layout';
import { bucketOf, newBucketIdentifier } from 'federation/bucket';
import { remoteMapSchema } from 'federation/remote-map';
import { repoRoot } from 'platform-kit/paths';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { toolInstalled } from 'platform-kit/testing/tools';
import { writePages } from 'site-pages/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticHost } from '../static-host.ts';
import { exampleEdgeConfig } from './edge-example.ts';
import { edgeNginxConfig } from './edge-nginx.ts';

/*
 * The example CDN edge (nginx with proxy_cache) in front of the embedded host as its origin, on loopback: what
 * it keeps, what it never keeps, and that visitors with different bucket cookies get their own page variant.
 */

const nginxPresent = toolInstalled('nginx');

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}

function identifierIn(from: number, to: number): string {
  for (;;) {
    const identifier = newBucketIdentifier();
    if (bucketOf(identifier) >= from && bucketOf(identifier) < to) return identifier;
  }
}

const hashedChunk = `/static/js/async/412.5c9e1f0a.js`;
const chunkBody = `/* chunk */ ${'export const line = "the same twenty kilobytes for every visitor";\n'.repeat(300)}`;
const remoteFile = '/1.0.0/static/js/async/7.0a1b2c3d.js';
const remoteFileOnCdn = `/mf-marketing${remoteFile}`;

describe.runIf(nginxPresent)('a CDN edge (nginx proxy_cache) in front of the embedded host', () => {
  let deploy: string;
  let prefix: string;
  let origin: Server[] = [];
  let edge: ChildProcess | undefined;
  const edgePorts = { shell: 0, remote: 0 };

  const remoteMap = (canaryTraffic: number, canaryVersion = '2.0.0') => {
    const entry = (version: string, traffic: number, isDefault: boolean) => ({
      url: `http://cdn.example/m/${version}/mf-manifest.json`,
      metadata: { version, integrity: `sha384-${'A'.repeat(64)}` },
      deployment: { traffic, default: isDefault },
    });
    return JSON.stringify({
      schema: remoteMapSchema,
      microFrontends: {
        mf_marketing: [entry('1.0.0', 100 - canaryTraffic, true), entry(canaryVersion, canaryTraffic, false)],
      },
    });
  };

  const viaEdge = (target: string, headers: Record<string, string> = {}, port = edgePorts.shell) =>
    fetch(`http://127.0.0.1:${port}${target}`, { headers });

  beforeAll(async () => {
    deploy = mkdtempSync(join(tmpdir(), 'edge-cdn-origin-'));
    const shell = join(deploy, 'shell');
    mkdirSync(join(shell, 'static', 'js', 'async'), { recursive: true });
    writeFileSync(
      join(shell, 'index.html'),
      '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(shell, ...hashedChunk.split('/')), chunkBody);
    // Its .br and .gz siblings, as a publish writes them.
    precompressFile(join(shell, ...hashedChunk.split('/')));
    writeFileSync(join(shell, 'runtime.json'), JSON.stringify({ apiUrl: 'http://localhost:3010' }));
    writeFileSync(join(shell, 'remotes.json'), remoteMap(20));
    // mf_marketing 2.0.0 for buckets 0–19 (a canary), 1.0.0 for everyone else: two page variants.
    writePages(deploy, siteUrlsSetting({}), undefined, (_deploy, paths, _env, map) =>
      paths.map((path) => ({
        path,
        html: `<main>marketing ${map.mf_marketing?.version}</main>`,
        styles: '',
        failedSlots: [],
        renderErrors: [],
      })),
    );
    const remote = join(deploy, 'mf-marketing');
    mkdirSync(join(remote, '1.0.0', 'static', 'js', 'async'), { recursive: true });
    writeFileSync(join(remote, '1.0.0', 'mf-manifest.json'), '{"name":"mf_marketing"}');
    writeFileSync(join(remote, ...remoteFile.split('/')), 'export default 7;');

    origin = await startStaticHost([
      {
        port: 0,
        host: '127.0.0.1',
        dir: shell,
        spa: true,
        cors: false,
        pagesDir: pagesDir(deploy),
        trustProxy: 1,
      },
      { port: 0, host: '127.0.0.1', dir: remote, spa: false, cors: true, trustProxy: 1 },
    ]);
    const [shellOrigin, remoteOrigin] = origin.map((server) => (server.address() as AddressInfo).port);

    // The edge's own folder; its workers run as nobody when the test runs as root, and must reach the cache.
    prefix = mkdtempSync(join(tmpdir(), 'edge-cdn-nginx-'));
    chmodSync(prefix, 0o755);
    for (const folder of ['logs', 'temp']) mkdirSync(join(prefix, folder));
    edgePorts.shell = await freePort();
    edgePorts.remote = await freePort();
    writeFileSync(
      join(prefix, 'edge.conf'),
      edgeNginxConfig({
        prefix,
        servers: [
          {
            listen: `127.0.0.1:${edgePorts.shell}`,
            origins: [{ path: '/', origin: `http://127.0.0.1:${shellOrigin}` }],
          },
          {
            listen: `127.0.0.1:${edgePorts.remote}`,
            // As a CDN name serving every remote's folder: /mf-marketing/<version>/… → the remote's origin.
            origins: [{ path: '/mf-marketing/', origin: `http://127.0.0.1:${remoteOrigin}/` }],
          },
        ],
      }),
    );
    edge = spawn(
      'nginx',
      [
        '-p',
        prefix,
        '-e',
        join(prefix, 'logs', 'error.log'),
        '-c',
        join(prefix, 'edge.conf'),
        '-g',
        'daemon off;',
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await viaEdge('/robots.txt');
        break;
      } catch (error) {
        if (edge.exitCode !== null || Date.now() > deadline) {
          throw new Error(
            `The edge nginx did not start: ${(error as Error).message}\n${readFileSync(join(prefix, 'logs', 'error.log'), 'utf8')}`,
          );
        }
        await new Promise((wait) => setTimeout(wait, 100));
      }
    }
  });

  afterAll(async () => {
    if (edge && edge.exitCode === null) {
      const exited = new Promise((resolveExit) => edge?.once('exit', resolveExit));
      edge.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(
      origin.map((server) => {
        server.closeAllConnections();
        return new Promise((resolveClose) => server.close(resolveClose));
      }),
    );
    if (deploy) rmSync(deploy, { recursive: true, force: true });
    if (prefix) rmSync(prefix, { recursive: true, force: true });
  });

  it('keeps a hashed chunk for a year, one copy per encoding: a MISS, then a HIT', async () => {
    for (const encoding of ['br', 'identity']) {
      const first = await viaEdge(hashedChunk, { 'Accept-Encoding': encoding });
      expect(first.status).toBe(200);
      expect(first.headers.get('x-cache-status')).toBe('MISS');
      expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await first.arrayBuffer();
      const second = await viaEdge(hashedChunk, { 'Accept-Encoding': encoding });
      expect(second.headers.get('x-cache-status')).toBe('HIT');
      expect(second.headers.get('content-encoding')).toBe(encoding === 'br' ? 'br' : null);
      // fetch decodes brotli: either way the visitor gets the chunk's bytes.
      expect(await second.text()).toBe(chunkBody);
    }
    // A remote version's file, on the remote's edge, with its CORS header kept.
    await (await viaEdge(remoteFileOnCdn, {}, edgePorts.remote)).arrayBuffer();
    const remote = await viaEdge(remoteFileOnCdn, {}, edgePorts.remote);
    expect(remote.headers.get('x-cache-status')).toBe('HIT');
    expect(remote.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('never keeps a page, and two visitors get the variant of their own bucket cookie', async () => {
    const canary = identifierIn(0, 20);
    const everyoneElse = identifierIn(20, 100);
    for (let round = 0; round < 2; round += 1) {
      for (const [identifier, version] of [
        [canary, '2.0.0'],
        [everyoneElse, '1.0.0'],
      ] as const) {
        const page = await viaEdge('/services', { Cookie: `agency-bucket=${identifier}` });
        expect(page.status).toBe(200);
        expect(page.headers.get('x-cache-status')).not.toBe('HIT');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(await page.text()).toContain(`<main>marketing ${version}</main>`);
        // Each visitor's cookie is renewed with their own identifier, never another's.
        expect(page.headers.get('set-cookie')).toMatch(new RegExp(`^agency-bucket=${identifier};`));
      }
    }
  });

  it('never keeps or shares a Set-Cookie: two new visitors get two identifiers', async () => {
    const cookies = new Set<string>();
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const page = await viaEdge('/about');
      expect(page.headers.get('x-cache-status')).not.toBe('HIT');
      cookies.add(/^agency-bucket=([0-9a-f]{32});/.exec(page.headers.get('set-cookie') ?? '')?.[1] ?? '');
      await page.arrayBuffer();
    }
    expect(cookies.size).toBe(3);
    expect(cookies.has('')).toBe(false);
    // Files that are not pages set no cookie, so what the edge keeps carries none.
    const chunk = await viaEdge(hashedChunk);
    expect(chunk.headers.get('set-cookie')).toBeNull();
  });

  it('sees remotes.json and runtime.json changed at the origin at once', async () => {
    for (const file of ['/remotes.json', '/runtime.json']) {
      const before = await viaEdge(file);
      expect(before.headers.get('cache-control')).toBe('no-store');
      expect(before.headers.get('x-cache-status')).not.toBe('HIT');
      await before.arrayBuffer();
    }
    writeFileSync(join(deploy, 'shell', 'remotes.json'), remoteMap(50, '3.0.0'));
    const after = await viaEdge('/remotes.json');
    expect(await after.text()).toContain('3.0.0');
    const manifest = await viaEdge('/mf-marketing/1.0.0/mf-manifest.json', {}, edgePorts.remote);
    expect(manifest.headers.get('cache-control')).toBe('no-store');
    await manifest.arrayBuffer();
    expect(
      (await viaEdge('/mf-marketing/1.0.0/mf-manifest.json', {}, edgePorts.remote)).headers.get(
        'x-cache-status',
      ),
    ).not.toBe('HIT');
  });

  it('logs one JSON object per request with the cache status', () => {
    const lines = readFileSync(join(prefix, 'logs', 'access.log'), 'utf8')
      .trim()
      .split('\n');
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.some((entry) => entry.uri === hashedChunk && entry.cache === 'HIT')).toBe(true);
    expect(Object.keys(entries[0] ?? {})).toEqual(
      expect.arrayContaining(['time', 'status', 'request_time', 'upstream_time', 'bytes', 'cache']),
    );
  });
});

describe('ops/cdn/edge-nginx.conf', () => {
  it('is the example edge as platform/hosting/src/ops/edge-nginx.ts renders it', () => {
    expect(readFileSync(join(repoRoot, 'ops', 'cdn', 'edge-nginx.conf'), 'utf8')).toBe(exampleEdgeConfig());
  });

  it.runIf(nginxPresent)('passes nginx -t', () => {
    const dir = mkdtempSync(join(tmpdir(), 'edge-cdn-example-'));
    try {
      // The example's folders, user and origin host moved to temporary ones, with a self-signed certificate.
      const certificate = join(dir, 'edge.pem');
      const key = join(dir, 'edge.key');
      const made = spawnSync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=www.example.com',
        '-keyout',
        key,
        '-out',
        certificate,
      ]);
      expect(made.status).toBe(0);
      const config = exampleEdgeConfig()
        .replaceAll('/var/cache/agency-edge', dir)
        .replace('user www-data;\n', '')
        .replaceAll(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, certificate)
        .replaceAll(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, key)
        .replaceAll('origin.example.com', '127.0.0.1')
        .replaceAll('listen 443 ssl', 'listen 127.0.0.1:9443 ssl');
      for (const folder of ['logs', 'temp']) mkdirSync(join(dir, folder));
      writeFileSync(join(dir, 'edge.conf'), config);
      const result = spawnSync(
        'nginx',
        ['-t', '-p', dir, '-e', join(dir, 'logs', 'error.log'), '-c', join(dir, 'edge.conf')],
        {
          encoding: 'utf8',
        },
      );
      expect(result.stderr).toContain('test is successful');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
