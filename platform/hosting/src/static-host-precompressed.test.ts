import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFile, precompressFolder } from 'deploy-folder/precompress';
import { isEnvironmentFile } from 'deploy-folder/publish';
import { writeFileAtomic } from 'deploy-folder/remote-map-file';
import { pagesDir } from 'deploy-model/layout';
import { remoteMapSchema } from 'federation/remote-map';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { pageFor, writePages } from 'site-pages/pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWith, type RawResponse, rawRequest } from './static-host/request-table.ts';
import { startStaticHost } from './static-host.ts';

/*
 * The host sends the siblings publishing wrote (precompress.ts) as they are: brotli to a client that accepts
 * it, else gzip, else the file. The deploy is laid out and precompressed as publishing does.
 */

const secret = `TOP-SECRET-${process.pid}-${Date.now()}`;
let deploy: string;
let servers: Awaited<ReturnType<typeof startStaticHost>> = [];
let shellPort = 0;
let remotePort = 0;

const scriptText = (seed: string) =>
  Array.from(
    { length: 500 },
    (_, index) => `export const ${seed}${index} = () => "${seed}-${index % 9}";`,
  ).join('\n');
const script = '/static/js/index.0123abcd.js';

beforeAll(async () => {
  deploy = mkdtempSync(join(tmpdir(), 'static-host-precompressed-'));
  const shell = join(deploy, 'shell');
  mkdirSync(join(shell, 'static', 'js'), { recursive: true });
  writeFileSync(
    join(shell, 'index.html'),
    '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(join(shell, script), scriptText('shell'));
  writeFileSync(join(shell, 'static', 'js', 'tiny.txt'), 'a');
  // A script whose brotli "sibling" is a link to a file outside the folder.
  writeFileSync(join(deploy, 'secret.txt'), secret);
  writeFileSync(join(shell, 'static', 'js', 'linked.0123abcd.js'), scriptText('linked'));
  // Large enough to compress well, were it not the environment's file.
  writeFileSync(
    join(shell, 'remotes.json'),
    JSON.stringify({ schema: remoteMapSchema, microFrontends: {} }, null, 400),
  );
  precompressFolder(shell, isEnvironmentFile);
  rmSync(join(shell, 'static', 'js', 'linked.0123abcd.js.br'));
  symlinkSync(join(deploy, 'secret.txt'), join(shell, 'static', 'js', 'linked.0123abcd.js.br'));
  writePages(deploy, siteUrlsSetting({}), undefined, (_deploy, paths) =>
    paths.map((path) => ({
      path,
      html: `<main>${scriptText(`page${(path ?? '404').replace(/\W/g, '')}`)}</main>`,
      styles: '',
      failedSlots: [],
      renderErrors: [],
    })),
  );
  const remote = join(deploy, 'mf-marketing');
  mkdirSync(join(remote, '1.0.0', 'static', 'js'), { recursive: true });
  writeFileSync(join(remote, '1.0.0', 'static', 'js', 'federation-runtime.js'), scriptText('runtime'));
  precompressFile(join(remote, '1.0.0', 'static', 'js', 'federation-runtime.js'));

  servers = await startStaticHost([
    { port: 0, host: '127.0.0.1', dir: shell, spa: true, cors: false, pagesDir: pagesDir(deploy) },
    { port: 0, host: '127.0.0.1', dir: remote, spa: false, cors: true },
  ]);
  shellPort = (servers[0]?.address() as AddressInfo | null)?.port ?? 0;
  remotePort = (servers[1]?.address() as AddressInfo | null)?.port ?? 0;
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

const bytesOf = (response: RawResponse) => Buffer.from(response.body, 'latin1');
const fetchWith = (port: number, target: string, headers: Record<string, string>) =>
  rawRequest(port, getWith(target, headers));

describe('the host sends the precompressed siblings', () => {
  it('brotli to a client that accepts it, gzip to one that accepts only gzip, the file itself otherwise', async () => {
    const file = join(deploy, 'shell', script);
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br', sent: `${file}.br` },
      { accept: 'br', encoding: 'br', sent: `${file}.br` },
      { accept: 'gzip', encoding: 'gzip', sent: `${file}.gz` },
      { accept: 'identity', encoding: undefined, sent: file },
      { accept: '', encoding: undefined, sent: file },
    ];
    const tags = new Set<string>();
    for (const { accept, encoding, sent } of cases) {
      const headers: Record<string, string> = accept ? { 'Accept-Encoding': accept } : {};
      const response = await fetchWith(shellPort, script, headers);
      expect(response.status, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      // The very bytes publishing wrote: nothing is compressed per request.
      expect(bytesOf(response).equals(readFileSync(sent)), accept).toBe(true);
      expect(response.headers['content-length'], accept).toBe(String(statSync(sent).size));
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['last-modified']).toBe(statSync(file).mtime.toUTCString());
      tags.add(response.headers.etag ?? '');
      // A HEAD says the same, without the body.
      const head = await rawRequest(shellPort, getWith(script, headers).replace(/^GET/, 'HEAD'));
      expect(head.headers['content-length']).toBe(response.headers['content-length']);
      expect(head.headers['content-encoding']).toBe(encoding);
      expect(head.body).toBe('');
    }
    // One tag per representation: the file, its brotli form, its gzip form.
    expect([...tags].sort()).toEqual(
      [...tags].filter((tag) => /^W\/"[\w-]{22}(-br|-gzip)?"$/.test(tag)).sort(),
    );
    expect(tags.size).toBe(3);
    const decoded = await fetchWith(shellPort, script, { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(bytesOf(decoded)).toString()).toBe(scriptText('shell'));
  });

  it('a page’s and the 404 page’s, with the status and Vary of a page', async () => {
    const services = await fetchWith(shellPort, '/services', { 'Accept-Encoding': 'br' });
    expect(services.status).toBe(200);
    expect(services.headers['content-encoding']).toBe('br');
    expect(bytesOf(services).equals(readFileSync(`${pageFor(deploy, '/services')}.br`))).toBe(true);
    expect(services.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(services.headers['cache-control']).toBe('no-store');

    const missing = await fetchWith(shellPort, '/no-such-page', { 'Accept-Encoding': 'gzip' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(bytesOf(missing)).toString()).toBe(readFileSync(pageFor(deploy, null) ?? '', 'utf8'));
    expect(missing.headers.vary).toBe('Accept-Encoding, Cookie');
    // The 404 page describes no resource to keep: no validators.
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['last-modified']).toBeUndefined();
  });

  it('a remote version’s, with CORS', async () => {
    const runtime = '/1.0.0/static/js/federation-runtime.js';
    const response = await fetchWith(remotePort, runtime, { 'Accept-Encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(brotliDecompressSync(bytesOf(response)).toString()).toBe(scriptText('runtime'));
  });
});

describe('the host sends the file itself', () => {
  it('when it was changed in place after its siblings were written, never their old bytes', async () => {
    const file = join(deploy, 'shell', 'static', 'js', 'edited.0123abcd.js');
    writeFileSync(file, scriptText('published'));
    precompressFile(file);
    // Edited on the origin by something that knows nothing of siblings, a moment later.
    writeFileSync(file, scriptText('edited'));
    const later = new Date(Date.now() + 2000);
    utimesSync(file, later, later);
    for (const accept of ['br', 'gzip']) {
      const response = await fetchWith(shellPort, '/static/js/edited.0123abcd.js', {
        'Accept-Encoding': accept,
      });
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.body, accept).toBe(scriptText('edited'));
    }
    // Published again, its siblings are sent once more.
    precompressFile(file);
    const republished = new Date(Date.now() + 4000);
    for (const sibling of [`${file}.br`, `${file}.gz`]) utimesSync(sibling, republished, republished);
    const response = await fetchWith(shellPort, '/static/js/edited.0123abcd.js', { 'Accept-Encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(bytesOf(response)).toString()).toBe(scriptText('edited'));
  });

  it('where publishing wrote no sibling: a file too small to gain, and remotes.json, served fresh after a rewrite', async () => {
    const tiny = await fetchWith(shellPort, '/static/js/tiny.txt', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('a');

    const file = join(deploy, 'shell', 'remotes.json');
    expect(existsSync(`${file}.br`)).toBe(false);
    for (const note of ['before', 'after a release rewrote it']) {
      const content = JSON.stringify({ schema: remoteMapSchema, microFrontends: {}, note });
      writeFileAtomic(file, content);
      const map = await fetchWith(shellPort, '/remotes.json', { 'Accept-Encoding': 'br, gzip' });
      expect(map.status).toBe(200);
      expect(map.headers['content-encoding']).toBeUndefined();
      expect(map.body).toBe(content);
      expect(map.headers['content-length']).toBe(String(Buffer.byteLength(content)));
      expect(map.headers['cache-control']).toBe('no-store');
    }
  });

  it('whole, to a Range request, as the host always answered', async () => {
    const response = await fetchWith(shellPort, script, { Range: 'bytes=0-9' });
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.body).toBe(scriptText('shell'));
    const suffix = await fetchWith(shellPort, script, { Range: 'bytes=-5', 'Accept-Encoding': 'br' });
    expect(suffix.status).toBe(200);
    expect(brotliDecompressSync(bytesOf(suffix)).toString()).toBe(scriptText('shell'));
  });

  it('uncompressed when its sibling is a link out of the folder, never what the link points at', async () => {
    const response = await fetchWith(shellPort, '/static/js/linked.0123abcd.js', { 'Accept-Encoding': 'br' });
    expect(response.raw).not.toContain(secret);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(scriptText('linked'));
  });
});

/** Open descriptors of this process on a file (Linux: /proc/self/fd). */
const openDescriptorsOn = (file: string) =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(join('/proc/self/fd', fd)) === file;
    } catch {
      return false;
    }
  }).length;

// Linux only: open file descriptors are counted in /proc/self/fd.
describe.runIf(existsSync('/proc/self/fd'))('a client gone mid-answer', () => {
  it('leaves no file open behind it', async () => {
    const file = join(deploy, 'shell', 'static', 'large.0123abcd.png');
    writeFileSync(file, Buffer.alloc(32 * 1024 * 1024, 1));
    for (let client = 0; client < 3; client += 1) {
      await new Promise<void>((resolve, reject) => {
        const socket = connect({ host: '127.0.0.1', port: shellPort });
        socket.on('error', reject);
        // The first bytes of the answer, then gone without reading the rest.
        socket.once('data', () => {
          socket.destroy();
          resolve();
        });
        socket.write(getWith('/static/large.0123abcd.png', {}));
      });
    }
    await expect.poll(() => openDescriptorsOn(file), { timeout: 3000, interval: 100 }).toBe(0);
  });
});
