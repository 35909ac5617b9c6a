/**
 * For the nginx tests (`site-hosting/testing/nginx-deploy`, a testing entry, not production `src/`): a deploy
 * folder laid out as serveDeploy serves it and as static-host.test.ts lays out its own (the request table's
 * secrets and links), with generated pages, a canary's page variant, an open preview, a remote's version with
 * precompressed files; free ports for two copies of the site side by side.
 * Whether nginx is here is platform-kit's toolInstalled('nginx') (in CI it must be).
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { remoteNames, remotes } from 'build-config/topology';
import { precompressFile } from 'deploy-folder/precompress';
import { ensurePreviewSecret, signatureOf, signPreviewClaim } from 'deploy-folder/preview/token';
import { pagesDir, previewSessionFile } from 'deploy-model/layout';
import { previewPagesDir } from 'deploy-model/preview/folders';
import { variantsIndexName } from 'deploy-model/variants';
import { bucketOf, newBucketIdentifier } from 'federation/bucket';
import { encodeSessionClaim } from 'federation/preview-session';
import { remoteMapSchema } from 'federation/remote-map';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { writePages } from 'site-pages/pages';
import { loopbackAddresses } from '../src/static-host/listen.ts';

export const secret = `TOP-SECRET-${process.pid}-${Date.now()}`;
export const canaryBuckets = { from: 0, to: 50 };
export const previewVersion = '2.0.0';

export interface TestDeploy {
  deploy: string;
  /** Identifiers whose bucket is in the canary's range, and out of it. */
  canaryVisitor: string;
  defaultVisitor: string;
  token: (claim?: Partial<{ version: string; dev: string; expires: number }>) => string;
  /** A preview session of mf_marketing 2.0.0 and mf_portfolio on a dev server, with its versions file. */
  sessionToken: () => string;
}

function visitorWhere(inCanary: boolean): string {
  for (;;) {
    const identifier = newBucketIdentifier();
    const bucket = bucketOf(identifier);
    if (bucket >= canaryBuckets.from && bucket < canaryBuckets.to === inCanary) return identifier;
  }
}

/** Copies a set of pages into another folder with a marker in each, so a test tells which set it got. */
function copyPagesMarked(from: string, to: string, marker: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (!name.endsWith('.html')) continue;
    cpSync(join(from, name), join(to, name));
    writeFileSync(join(to, name), `<!-- ${marker} -->\n`, { flag: 'a' });
    precompressFile(join(to, name));
  }
}

export function makeTestDeploy(): TestDeploy {
  const deploy = mkdtempSync(join(tmpdir(), 'nginx-test-'));
  writeFileSync(join(deploy, 'secret.txt'), secret);
  mkdirSync(join(deploy, 'shell-private'));
  writeFileSync(join(deploy, 'shell-private', 'secret.txt'), secret);

  const shell = join(deploy, 'shell');
  mkdirSync(join(shell, 'static', 'js'), { recursive: true });
  writeFileSync(
    join(shell, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
  );
  const script = join(shell, 'static', 'js', 'index.0123abcd.js');
  writeFileSync(script, `console.log(${JSON.stringify('shell '.repeat(2000))});`);
  precompressFile(script);
  writeFileSync(join(shell, 'og-image.png'), Buffer.alloc(4096, 7));
  writeFileSync(join(shell, 'runtime.json'), JSON.stringify({ apiUrl: 'http://localhost:3010' }));
  writeFileSync(join(shell, '%2e%2e'), 'a file named %2e%2e');
  symlinkSync(join(deploy, 'secret.txt'), join(shell, 'static', 'leak.txt'));
  symlinkSync(deploy, join(shell, 'outside'), 'dir');
  writePages(deploy, siteUrlsSetting({}), undefined, () => []);
  // The live map, sealed as a release seals it (the integrity values are made up: nothing here checks them).
  const integrity = `sha384-${Buffer.alloc(48, 1).toString('base64')}`;
  writeFileSync(
    join(shell, 'remotes.json'),
    JSON.stringify({
      schema: remoteMapSchema,
      microFrontends: Object.fromEntries(
        remoteNames.map((name, index) => [
          name,
          [
            {
              url: `http://localhost:${3001 + index}/1.0.0/mf-manifest.json`,
              metadata: { version: '1.0.0', integrity },
              deployment: { traffic: 100, default: true },
            },
          ],
        ]),
      ),
    }),
  );
  const pages = pagesDir(deploy);
  // A canary's variant for buckets 0–49, as writePages writes one (here a marked copy of the default pages).
  const variant = `buckets/${canaryBuckets.from}-${canaryBuckets.to}`;
  copyPagesMarked(pages, join(pages, ...variant.split('/')), 'canary variant');
  writeFileSync(
    join(pages, variantsIndexName),
    JSON.stringify([{ ...canaryBuckets, dir: variant, versions: { mf_marketing: '1.1.0' } }]),
  );
  // An open preview of mf_marketing 2.0.0: its pages and the map its shell loads.
  const preview = join(pages, ...previewPagesDir('mf_marketing', previewVersion).split('/'));
  copyPagesMarked(pages, preview, 'preview 2.0.0');
  writeFileSync(
    join(preview, 'remotes.json'),
    JSON.stringify({ mf_marketing: 'http://localhost:3001/2.0.0/mf-manifest.json' }),
  );
  const previewSecret = ensurePreviewSecret(deploy);

  const remote = join(deploy, 'mf-marketing');
  mkdirSync(join(remote, '1.0.0', 'static', 'js'), { recursive: true });
  writeFileSync(join(remote, '1.0.0', 'mf-manifest.json'), '{"name":"mf_marketing"}');
  const runtime = join(remote, '1.0.0', 'static', 'js', 'federation-runtime.js');
  writeFileSync(runtime, `globalThis.runtime = ${JSON.stringify('x'.repeat(4096))};`);
  precompressFile(runtime);
  writeFileSync(
    join(remote, '1.0.0', 'index.html'),
    '<!doctype html><html lang="en"><head><title>mf_marketing: standalone</title></head><body></body></html>',
  );
  symlinkSync(join(deploy, 'secret.txt'), join(remote, '1.0.0', 'leak.json'));
  symlinkSync(deploy, join(remote, 'outside'), 'dir');
  for (const name of remoteNames.slice(1)) mkdirSync(join(deploy, remotes[name].folder), { recursive: true });

  return {
    deploy,
    canaryVisitor: visitorWhere(true),
    defaultVisitor: visitorWhere(false),
    token: (claim = {}) =>
      signPreviewClaim(previewSecret, {
        remote: 'mf_marketing',
        ...(claim.dev ? { dev: claim.dev } : { version: claim.version ?? previewVersion }),
        expires: claim.expires ?? Math.floor(Date.now() / 1000) + 3600,
      }),
    sessionToken: () => {
      // As the release service writes one (deploy-folder/preview/session.ts), without its checks of the versions.
      const id = 'session-test-01';
      const file = previewSessionFile(deploy, id);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(
        file,
        JSON.stringify({
          remotes: {
            mf_marketing: {
              url: 'http://localhost:3001/2.0.0/mf-manifest.json',
              version: '2.0.0',
              integrity,
            },
            mf_portfolio: { url: 'http://localhost:5174/mf-manifest.json', version: 'dev' },
          },
        }),
      );
      const payload = encodeSessionClaim({
        remote: 'mf_portfolio',
        dev: 'http://localhost:5174',
        expires: Math.floor(Date.now() / 1000) + 3600,
        id,
        session: {
          picks: { mf_marketing: { version: '2.0.0' }, mf_portfolio: { dev: 'http://localhost:5174' } },
          grants: [{ remote: 'mf_marketing' }, { remote: 'mf_portfolio' }],
        },
      });
      return `${payload}.${signatureOf(previewSecret, payload)}`;
    },
  };
}

/** Whether nothing holds the port on this loopback address (an address the machine lacks holds nothing). */
const portFree = (port: number, address: string) =>
  new Promise<boolean>((done) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'),
    );
    probe.listen(port, address, () => probe.close(() => done(true)));
  });

/**
 * The first port of the kernel's range for outgoing connections (Linux's ip_local_port_range; 32768 where it
 * cannot be read). A port in that range may be held at any moment by a connection of any process on the
 * machine (a socket connected from 127.0.0.1:port), which makes a server's bind fail although the port was
 * free when picked.
 */
function ephemeralPortsStart(): number {
  try {
    const start = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
    );
    return Number.isInteger(start) && start > 0 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * A port base whose site ports (0–3) and service ports (10, 11) are free on both loopback addresses the hosts
 * listen on (127.0.0.1 and ::1, static-host/listen.ts), below the range of outgoing connections' ports, away
 * from the suite's own.
 */
export async function freePortBase(): Promise<number> {
  const first = 20_000;
  const bases = Math.max(1, Math.floor((ephemeralPortsStart() - first - 12) / 100));
  for (;;) {
    const base = first + Math.floor(Math.random() * bases) * 100;
    const checks = [0, 1, 2, 3, 10, 11].flatMap((offset) =>
      loopbackAddresses.map((address) => portFree(base + offset, address)),
    );
    if ((await Promise.all(checks)).every(Boolean)) return base;
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** As sent (compressed when Content-Encoding says so). */
  raw: Buffer;
  /** Decoded. */
  body: string;
}

/** One request on its own connection, nothing decoded or followed on the way (fetch would do both). */
export function send(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded =
          encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          raw,
          body: decoded.toString(),
        });
      });
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}
