import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressionSettled, startStaticHost } from './static-host.ts';

/** Script-like text that brotli 11 compresses measurably better than brotli 9. */
function scriptText(seed: number): string {
  const lines: string[] = [];
  for (let index = 0; index < 3000; index += 1) {
    const name = `handler${(index * 7919 + seed) % 1009}`;
    lines.push(
      `export function ${name}(event){return event.target.dataset.${name}??${(index * seed) % 97};}`,
    );
  }
  return lines.join('\n');
}

const brotliAt = (text: string, quality: number) =>
  brotliCompressSync(Buffer.from(text), { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });

let root: string;
let port = 0;
let servers: Awaited<ReturnType<typeof startStaticHost>> = [];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-host-compression-'));
  mkdirSync(join(root, 'static', 'js'), { recursive: true });
  servers = await startStaticHost([{ port: 0, dir: root, spa: false, cors: false }]);
  port = (servers[0]?.address() as AddressInfo | null)?.port ?? 0;
});

afterAll(() => {
  for (const server of servers) server.close();
  rmSync(root, { recursive: true, force: true });
});

function fetchEncoded(path: string, acceptEncoding: string) {
  return new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    get({ port, path, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }),
      );
    }).on('error', reject);
  });
}

describe('compression of served files', () => {
  it('answers the first request at once, and later ones with the smaller quality-11 body of the same bytes', async () => {
    const text = scriptText(3);
    writeFileSync(join(root, 'static', 'js', 'index.0123abcd.js'), text);
    expect(brotliAt(text, 11).length).toBeLessThan(brotliAt(text, 9).length);

    const first = await fetchEncoded('/static/js/index.0123abcd.js', 'gzip, deflate, br');
    expect(first.encoding).toBe('br');
    expect(brotliDecompressSync(first.body).toString()).toBe(text);
    expect(first.body.length).toBe(brotliAt(text, 9).length);

    await compressionSettled();
    const later = await fetchEncoded('/static/js/index.0123abcd.js', 'gzip, deflate, br');
    expect(later.encoding).toBe('br');
    expect(brotliDecompressSync(later.body).toString()).toBe(text);
    expect(later.body.length).toBe(brotliAt(text, 11).length);
  });

  it('never serves the upgraded body of a file that has changed since', async () => {
    const file = join(root, 'static', 'js', 'page.4567cdef.js');
    const before = scriptText(5);
    writeFileSync(file, before);
    await fetchEncoded('/static/js/page.4567cdef.js', 'br');
    // Changed before the quality-11 body of the old bytes is ready (a later mtime, as a new write gives).
    const after = scriptText(11);
    writeFileSync(file, after);
    const future = new Date(Date.now() + 60_000);
    utimesSync(file, future, future);

    await compressionSettled();
    const served = await fetchEncoded('/static/js/page.4567cdef.js', 'br');
    expect(brotliDecompressSync(served.body).toString()).toBe(after);
    await compressionSettled();
    const again = await fetchEncoded('/static/js/page.4567cdef.js', 'br');
    expect(brotliDecompressSync(again.body).toString()).toBe(after);
    expect(again.body.length).toBe(brotliAt(after, 11).length);
  });

  it('still gives gzip to a client without brotli', async () => {
    const text = scriptText(7);
    writeFileSync(join(root, 'static', 'js', 'old.89abcdef.js'), text);
    const response = await fetchEncoded('/static/js/old.89abcdef.js', 'gzip');
    expect(response.encoding).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toBe(text);
  });
});
