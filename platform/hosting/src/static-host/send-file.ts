/**
 * Files are sent by @hono/node-server's serveStatic with `precompressed`: it picks the sibling a client accepts
 * (`<file>.br`, `<file>.gz`, written at publish by deploy-folder/src/precompress.ts), sets Content-Length and
 * Content-Encoding and streams the bytes. What stays here is what the site's guarantees need around it: only a
 * regular file inside the folder is ever handed to it, and the answer gets the site's status, Vary, cache rule
 * and validators (validators.ts).
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { precompressedSuffixes } from 'deploy-folder/precompress';
import { cacheControl, contentTypes } from 'deploy-model/hosting-rules';
import { Hono } from 'hono';
import { type Encoding, notModified, validatorsOf } from './validators.ts';

const isInside = (root: string, file: string) =>
  file === root || file.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * A regular file whose real location, symlinks followed, is inside root: a link pointing out of the folder
 * (or a folder link) serves nothing, and neither do FIFOs or devices (reading one would hang or never end).
 */
function servable(root: string, file: string): boolean {
  try {
    const real = realpathSync.native(file);
    return isInside(realpathSync.native(root), real) && statSync(real).isFile();
  } catch {
    return false;
  }
}

/** Maps a target's decoded segments to a servable file inside root (a folder to its index.html), or null. */
export function resolveFile(root: string, segments: readonly string[]): string | null {
  const candidate = join(root, ...segments);
  // The segments cannot climb out (the target check refuses ".." and separators); checked again all the same.
  if (!isInside(resolve(root), resolve(candidate))) return null;
  let file = candidate;
  try {
    if (statSync(candidate).isDirectory()) file = join(candidate, 'index.html');
  } catch {
    return null;
  }
  return servable(root, file) ? file : null;
}

/**
 * Whether the file's precompressed siblings may be sent for it: each a regular file inside the folder
 * (serveStatic would follow a link) and no older than the file. Publishing writes a sibling after its file; a
 * file changed in place since (by hand, or by a tool that knows nothing of siblings) would otherwise be answered,
 * to most browsers, with its old bytes.
 */
function siblingsUsable(root: string, file: string): boolean {
  const fileTime = statSync(file).mtimeMs;
  return Object.values(precompressedSuffixes).every((suffix) => {
    const sibling = `${file}${suffix}`;
    try {
      lstatSync(sibling);
    } catch {
      return true;
    }
    return servable(root, sibling) && statSync(sibling).mtimeMs >= fileTime;
  });
}

export interface FileAnswer {
  /** The folder the file is served from. */
  root: string;
  file: string;
  /** The path the cache rules (deploy-model/src/hosting-rules.ts) are matched against. */
  cachePath: string;
  /** 404 for the 404 page; only a 200 carries validators. */
  status?: 200 | 404;
  /** Chosen by the visitor's cookie (a page variant, a preview): a shared cache must keep one per cookie. */
  byCookie?: boolean;
  /** Further headers of this answer (a page's cookie, an HTML page's policy). */
  headers?: Record<string, string>;
}

interface FileBindings {
  /** The resolved file: the request's own path plays no part (the host has resolved it already). */
  file: string;
  precompressed: boolean;
}

/**
 * serveStatic in an app of its own, so that the headers it writes stay on its own answer, which is then settled
 * below, and never leak through the host's context into another answer of the same request.
 */
const files = new Hono<{ Bindings: FileBindings }>().use((c, next) =>
  serveStatic<{ Bindings: FileBindings }>({ path: c.env.file, precompressed: c.env.precompressed })(c, next),
);

/**
 * The request as serveStatic is asked it: as HEAD, so that it chooses the representation (the file or the
 * sibling the client accepts) and writes its head without opening a file, and without Range: the host has
 * always answered a range request with the whole file and 200, which its tests hold (nginx answers 206, a known
 * difference, docs/deployment.md).
 */
function headOf(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('range');
  return new Request(request.url, { method: 'HEAD', headers });
}

/**
 * The bytes of the representation serveStatic chose, read whole: a served file is small (a chunk, a page, an
 * image) and a body in memory is written by @hono/node-server in one call, where a file stream is turned into
 * a web stream and read back chunk by chunk (the host was a tenth to a third slower than its sirv one for it).
 */
async function bodyOf(file: string, encoding: Encoding): Promise<Uint8Array<ArrayBuffer> | undefined> {
  try {
    // A Buffer read from a file owns a plain ArrayBuffer (never a shared one), which is what a body may be.
    const bytes = await readFile(encoding ? `${file}${precompressedSuffixes[encoding]}` : file);
    return bytes as Uint8Array<ArrayBuffer>;
  } catch {
    return undefined;
  }
}

/**
 * The answer of a file of a served folder, or undefined when it is not a regular file inside the folder (or is
 * gone by the time it is read). serveStatic picks the representation and its head; the site's own headers and
 * validators are settled here, as one plain record (the adapter writes it as it is). Validators are made from
 * the file's content, one per encoding, with a 304 by the whole of RFC 9110's comparison (validators.ts):
 * serveStatic's Last-Modified is the time of the file it sends (the sibling's), and hono/etag hashes the bytes
 * sent (a sibling compressed again changes its tag) and compares If-None-Match only (no If-Modified-Since, and a
 * reload's Cache-Control: no-cache gets a 304).
 */
export async function fileResponse(
  request: Request,
  incoming: IncomingMessage,
  answer: FileAnswer,
): Promise<Response | undefined> {
  const { root, file, cachePath } = answer;
  if (!servable(root, file)) return undefined;
  const env: FileBindings = { file, precompressed: siblingsUsable(root, file) };
  const chosen = await files.fetch(headOf(request), env);
  if (!chosen.ok) return undefined;
  const encoding = (chosen.headers.get('Content-Encoding') as Encoding | null) ?? null;
  const body = request.method === 'HEAD' ? null : await bodyOf(file, encoding);
  if (body === undefined) return undefined;
  const headers: Record<string, string> = {
    'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'Content-Length': String(body?.byteLength ?? chosen.headers.get('Content-Length') ?? 0),
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Cache-Control': cacheControl(cachePath),
    Vary: answer.byCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
    ...answer.headers,
  };
  if (answer.status === 404) return new Response(body, { status: 404, headers });
  const validators = validatorsOf(file, statSync(file), encoding);
  if (notModified(incoming, validators)) {
    const {
      'Content-Type': _type,
      'Content-Length': _length,
      'Content-Encoding': _encoding,
      ...kept
    } = headers;
    return new Response(null, { status: 304, headers: { ...kept, ...validators } });
  }
  return new Response(body, { status: 200, headers: { ...headers, ...validators } });
}
