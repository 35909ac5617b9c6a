/**
 * Files are sent by sirv (lukeed/sirv): it picks the precompressed sibling a client accepts (`<file>.br`,
 * `<file>.gz`, written at publish by precompress.ts), sets Content-Length and Content-Encoding and streams the
 * bytes. What stays here is what the site's guarantees need around it: only a regular file inside the folder is
 * ever handed to sirv, and the head gets the site's status, Vary, cache rule and validators.
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { precompressedSuffixes } from 'deploy-folder/precompress';
import { cacheControl, contentTypes } from 'deploy-model/hosting-rules';
import sirv, { type RequestHandler } from 'sirv';
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

const handlers = new Map<string, RequestHandler>();

/**
 * One sirv per served folder, in its dev mode: it looks the file up when asked. Its other mode lists the
 * folder once at start and keeps each file's size and headers, but this host's folders change while it runs:
 * remote versions are published into them, pages are swapped in, remotes.json and runtime.json are rewritten
 * in place. No ETag of sirv's (validators.ts makes them) and no extensions tried: the host has resolved the
 * exact file before sirv sees the request.
 */
function sirvFor(root: string): RequestHandler {
  let handler = handlers.get(root);
  if (!handler) {
    handler = sirv(root, { dev: true, etag: false, brotli: true, gzip: true, extensions: [] });
    handlers.set(root, handler);
  }
  return handler;
}

/**
 * The URL sirv reads as exactly this file (it decodes a path with decodeURI), or undefined for a name it
 * cannot be asked for: one with "?" or "#", which decodeURI leaves encoded. No build writes such names.
 */
function sirvUrl(root: string, file: string): string | undefined {
  const path = `/${relative(root, file).split(sep).join('/')}`;
  const url = path
    .split('/')
    .map((segment) => encodeURI(segment).replace(/[?#]/g, encodeURIComponent))
    .join('/');
  return decodeURI(url) === path ? url : undefined;
}

/**
 * Whether the file's precompressed siblings may be sent for it: each a regular file inside the folder (sirv
 * would follow a link) and no older than the file. Publishing writes a sibling after its file; a file changed in
 * place since (by hand, or by a tool that knows nothing of siblings) would otherwise be answered, to most
 * browsers, with its old bytes.
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
  /** The path the cache rules (rules.ts) are matched against. */
  cachePath: string;
  /** 404 for the 404 page; only a 200 carries validators. */
  status?: 200 | 404;
  /** Chosen by the visitor's cookie (a page variant, a preview): a shared cache must keep one per cookie. */
  byCookie?: boolean;
}

/**
 * Settles the head when sirv writes it, that is once sirv has picked the representation (the file or a
 * sibling) and its length: the site's status (the 404 page is a file answered with 404), Vary (sirv's own
 * would drop Cookie), and validators made from the file's content, one per encoding, with a 304 by the whole
 * of RFC 9110's comparison (validators.ts). sirv's validators are the size and time of the file it sends,
 * which change when a release copies the same bytes again, and it compares them only as equal strings.
 */
function settleHead(request: IncomingMessage, response: ServerResponse, answer: FileAnswer): () => void {
  const writeHead = response.writeHead;
  const vary = answer.byCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding';
  response.writeHead = ((status: number, sirvHeaders: OutgoingHttpHeaders = {}) => {
    response.writeHead = writeHead;
    const { 'Last-Modified': _sentFileTime, ...headers } = sirvHeaders;
    if (answer.status === 404) return response.writeHead(404, { ...headers, Vary: vary });
    const encoding = (headers['Content-Encoding'] as Encoding | undefined) ?? null;
    const validators = validatorsOf(answer.file, statSync(answer.file), encoding);
    if (notModified(request, validators)) {
      response.removeHeader('Content-Type');
      return response.writeHead(304, { ...validators, Vary: vary });
    }
    return response.writeHead(status, { ...headers, ...validators, Vary: vary });
  }) as ServerResponse['writeHead'];
  return () => {
    response.writeHead = writeHead;
  };
}

/**
 * Sends a file of a served folder through sirv, or calls `missing` when it is not a regular file inside the
 * folder (or is gone by the time sirv looks).
 */
export function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  answer: FileAnswer,
  missing: () => void,
) {
  const { root, file, cachePath } = answer;
  const url = sirvUrl(root, file);
  if (url === undefined || !servable(root, file)) return missing();
  // sirv picks a sibling by Accept-Encoding alone: without usable siblings, the file itself is sent.
  if (!siblingsUsable(root, file)) delete request.headers['accept-encoding'];
  // sirv answers a Range with 206, and a suffix range ("bytes=-500") wrongly: the whole file, as always.
  delete request.headers.range;
  // sirv keeps the Content-Type and Cache-Control a response already has.
  response.setHeader('Content-Type', contentTypes[extname(file)] ?? 'application/octet-stream');
  response.setHeader('Cache-Control', cacheControl(cachePath));
  const unsettle = settleHead(request, response, answer);
  // sirv pipes a read stream with no error listener: a file removed while it is read (a release swapping pages)
  // would otherwise end the process, not this response. And a client gone mid-answer leaves a piped stream
  // paused with its file open: it is closed with the response.
  response.once('pipe', (source: Readable) => {
    source.once('error', () => response.destroy());
    response.once('close', () => source.destroy());
  });
  request.url = url;
  sirvFor(root)(request, response, () => {
    unsettle();
    missing();
  });
}
