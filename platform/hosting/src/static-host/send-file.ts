/**
 * Files are sent by @hono/node-server's serveStatic with `precompressed`: it picks the sibling a client accepts
 * (`<file>.br`, `<file>.gz`, written at publish by deploy-folder/src/precompress.ts), sets Content-Length and
 * Content-Encoding and streams the bytes. What stays here is what the site's guarantees need around it: only a
 * regular file inside the folder is ever handed to it, and the answer gets the site's status, Vary, cache rule
 * and validators (validators.ts).
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
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
 * The request as serveStatic may see it. Without Range: the host has always answered a range request with the
 * whole file and 200, which its tests hold (nginx answers 206, a known difference, docs/deployment.md).
 */
function withoutRange(request: Request): Request {
  if (!request.headers.has('range')) return request;
  const headers = new Headers(request.headers);
  headers.delete('range');
  return new Request(request.url, { method: request.method, headers });
}

const withoutBody = (headers: Headers, keep: Record<string, string>) => {
  for (const name of ['Content-Type', 'Content-Length', 'Content-Encoding']) headers.delete(name);
  for (const [name, value] of Object.entries(keep)) headers.set(name, value);
  return headers;
};

/**
 * The answer of a file of a served folder, or undefined when it is not a regular file inside the folder (or is
 * gone by the time serveStatic looks). Validators are made from the file's content, one per encoding, with a 304
 * by the whole of RFC 9110's comparison (validators.ts): serveStatic's Last-Modified is the time of the file it
 * sends (the sibling's), and hono/etag hashes the bytes sent (a sibling compressed again changes its tag) and
 * compares If-None-Match only (no If-Modified-Since, and a reload's Cache-Control: no-cache gets a 304).
 */
export async function fileResponse(
  request: Request,
  incoming: IncomingMessage,
  answer: FileAnswer,
): Promise<Response | undefined> {
  const { root, file, cachePath } = answer;
  if (!servable(root, file)) return undefined;
  const env: FileBindings = { file, precompressed: siblingsUsable(root, file) };
  const sent = await files.fetch(withoutRange(request), env);
  if (!sent.ok) return undefined;
  const headers = new Headers(sent.headers);
  headers.set('Content-Type', contentTypes[extname(file)] ?? 'application/octet-stream');
  headers.set('Cache-Control', cacheControl(cachePath));
  headers.set('Vary', answer.byCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  headers.delete('Last-Modified');
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
  if (answer.status === 404) return new Response(sent.body, { status: 404, headers });
  const encoding = (headers.get('Content-Encoding') as Encoding | null) ?? null;
  const validators = validatorsOf(file, statSync(file), encoding);
  if (notModified(incoming, validators)) {
    await sent.body?.cancel();
    return new Response(null, { status: 304, headers: withoutBody(headers, validators) });
  }
  for (const [name, value] of Object.entries(validators)) headers.set(name, value);
  return new Response(sent.body, { status: sent.status, headers });
}
