import { createReadStream, existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname, extname, join, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { bucketCookieValue, bucketIdentifierIn, bucketOf, newBucketIdentifier } from 'federation/bucket';
import { allRoutePaths } from 'shared-content/site';
import { type PageVariant, parsePageVariants, variantOf, variantsIndexName } from './pages/variants.ts';
import { pageFileName } from './pages.ts';
import { generalSecurityHeaders } from './security/security-headers.ts';
import { alsoListenOn, listenOn, loopbackAddresses } from './static-host/listen.ts';
import {
  answerPreviewPath,
  devPreviewFor,
  devPreviewMap,
  type PreviewSettings,
  previewPagesFor,
  withDevOrigin,
} from './static-host/preview.ts';
import { reachedOverHttps, strictTransportSecurity } from './static-host/proxy.ts';
import {
  allowedMethods,
  cacheControl,
  compressibleExtensions,
  contentTypes,
  maxTargetLength,
  preflightMaxAgeSeconds,
} from './static-host/rules.ts';
import { type Encoding, notModified, validatorsOf } from './static-host/validators.ts';

const compressible = new Set(compressibleExtensions);

export interface SiteRoot {
  /** Folder served at this port's root. */
  dir: string;
  /** The shell answers its route table's paths with index.html and anything else with index.html + 404. */
  spa: boolean;
  /** Allow any origin to fetch (remotes' manifests and chunks are loaded by the shell's origin). */
  cors: boolean;
  /**
   * The shell's generated per-route pages (scripts/lib/pages.ts), preferred over the bare index.html; with a
   * canary, a visitor gets the variant of their bucket (pages/variants.ts).
   */
  pagesDir?: string;
  /** Extra headers of HTML responses (the shell's Content-Security-Policy, or a remote's standalone page's). */
  htmlHeaders?: () => Record<string, string>;
  /**
   * How many reverse proxies in front are trusted to say how the visitor connected (AGENCY_TRUST_PROXY): their
   * X-Forwarded-Proto: https brings Strict-Transport-Security and Secure cookies. 0 or unset: the header is ignored.
   */
  trustProxy?: number;
  /** Preview links (static-host/preview.ts): the deploy's secret; without it, no preview is served. */
  preview?: PreviewSettings;
}

interface CompressedEntry {
  mtimeMs: number;
  body: Buffer;
}

const compressedCache = new Map<string, CompressedEntry>();

/**
 * Brotli at quality 11 makes the site's scripts and pages 7–9% smaller than quality 9 (on /services, about
 * 10 kB less JavaScript before the page is idle), but takes five to thirteen times as long: over half a
 * second for the shell's shared packages. So the first request of a file gets quality 9 at once, and the same
 * bytes at quality 11 replace it in the cache as soon as zlib's thread pool has made them, off the request
 * path. Every later request gets the smaller body; a file changed meanwhile (a new mtime) never gets the old.
 */
const quickBrotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };
const bestBrotli = (size: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/** Quality-11 compressions still running, so that a measurement can wait for the smaller bodies. */
const upgrades = new Set<Promise<void>>();

function upgradeToBestBrotli(key: string, raw: Buffer, mtimeMs: number) {
  const upgrade = new Promise<void>((done) => {
    brotliCompress(raw, bestBrotli(raw.length), (error, body) => {
      const current = compressedCache.get(key);
      if (!error && current?.mtimeMs === mtimeMs && body.length < current.body.length) {
        compressedCache.set(key, { mtimeMs, body });
      }
      done();
    });
  });
  upgrades.add(upgrade);
  void upgrade.then(() => upgrades.delete(upgrade));
}

/** Resolves once every file served so far is cached at its best compression (the bench waits for this). */
export async function compressionSettled(): Promise<void> {
  while (upgrades.size > 0) await Promise.all(upgrades);
}

function compressed(file: string, mtimeMs: number, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${file}`;
  const cached = compressedCache.get(key);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const raw = readFileSync(file);
  const body = encoding === 'br' ? brotliCompressSync(raw, quickBrotli) : gzipSync(raw, { level: 9 });
  compressedCache.set(key, { mtimeMs, body });
  if (encoding === 'br') upgradeToBestBrotli(key, raw, mtimeMs);
  return body;
}

function pickEncoding(request: IncomingMessage): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

interface Refusal {
  status: 400 | 404 | 405 | 408 | 413 | 414 | 431 | 500;
  message: string;
}

interface Target {
  /** The path as sent (still percent-encoded), which route paths and cache rules are matched against. */
  path: string;
  /** Its segments, each percent-decoded once and on its own. */
  segments: string[];
}

const badRequest = (why: string): Refusal => ({ status: 400, message: `Bad request: ${why}` });

/** Characters no file name of a deploy folder holds and no browser sends in a path. */
const hasControlCharacter = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/**
 * Reads a request target, or says why it is refused; nothing here looks at the disk. Browsers only send
 * origin-form targets ("/path?query") with dot-segments already resolved, so everything refused below comes
 * from a tool or a probe, never a visitor:
 * - "*", absolute-form ("http://other.example/x") and authority-form targets name no file of this folder;
 * - each segment is decoded on its own and only once: "%2f" and "%5c" can then never act as separators,
 *   and "%252e" stays the file name "%2e", never "." (nothing decodes twice);
 * - ".", ".." and segments of dots only (Windows drops trailing dots and spaces, so "... " opens ".."), sent
 *   as is or encoded, are refused rather than resolved, as are backslashes (a separator on Windows), NUL and
 *   other control characters, and malformed percent-encoding.
 */
function parseTarget(target: string): Target | Refusal {
  if (!target.startsWith('/')) return badRequest('the request target must be a path, as in GET /page');
  if (target.includes('#')) return badRequest('a fragment (#) is never sent to a server');
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const segments: string[] = [];
  for (const raw of path.slice(1).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return badRequest('malformed percent-encoding in the path');
    }
    if (/^[. ]*\.[. ]*$/.test(segment))
      return badRequest('dot-segments (. or ..) are not allowed in the path');
    if (/[/\\]/.test(segment))
      return badRequest('encoded slashes and backslashes are not allowed in the path');
    if (hasControlCharacter(segment)) return badRequest('control characters are not allowed in the path');
    segments.push(segment);
  }
  return { path, segments };
}

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

/** Maps a parsed target to a file inside root (a folder to its index.html), or null. */
function resolveFile(root: string, segments: readonly string[]): string | null {
  const candidate = join(root, ...segments);
  // The segments cannot climb out (parseTarget refuses ".." and separators); checked again all the same.
  if (!isInside(resolve(root), resolve(candidate))) return null;
  const file =
    existsSync(candidate) && statSync(candidate).isDirectory() ? join(candidate, 'index.html') : candidate;
  return servable(root, file) ? file : null;
}

function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  urlPath: string,
  site: SiteRoot,
  { status = 200, byCookie = false } = {},
) {
  const extension = extname(file);
  const stats = statSync(file);
  response.setHeader('Content-Type', contentTypes[extension] ?? 'application/octet-stream');
  response.setHeader('Cache-Control', cacheControl(urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath));
  if (extension === '.html' && site.htmlHeaders) {
    const dev = devPreviewFor(request, site.preview);
    for (const [name, value] of Object.entries(site.htmlHeaders())) {
      // Only the browser of a dev preview may load code from its loopback dev server.
      const widened = dev && name === 'Content-Security-Policy' ? withDevOrigin(value, dev.origin) : value;
      response.setHeader(name, widened);
    }
    if (dev) byCookie = true;
  }
  // A page chosen by the visitor's bucket cookie must not be given to another visitor by a shared cache.
  response.setHeader('Vary', byCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  const encoding = compressible.has(extension) ? pickEncoding(request) : null;
  // A cached copy is revalidated, never downloaded again while it is current. Only a 200 has validators:
  // the 404 page describes no resource to keep.
  if (status === 200) {
    const validators = validatorsOf(file, stats, encoding);
    for (const [name, value] of Object.entries(validators)) response.setHeader(name, value);
    if (notModified(request, validators)) {
      response.removeHeader('Content-Type');
      response.writeHead(304);
      response.end();
      return;
    }
  }
  if (encoding) {
    const body = compressed(file, stats.mtimeMs, encoding);
    response.writeHead(status, { 'Content-Encoding': encoding, 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(status, { 'Content-Length': stats.size });
  if (request.method === 'HEAD') response.end();
  // A file removed while it is read (a release swapping pages) ends this response, not the server.
  else
    createReadStream(file)
      .on('error', () => response.destroy())
      .pipe(response);
}

/** Refusals are short plain text that no cache keeps (the next request may well be fine). */
function refuse(
  response: ServerResponse,
  { status, message }: Refusal,
  headers: Record<string, string> = {},
) {
  const body = `${message}\n`;
  response.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    // A client that sent a malformed request is not kept waiting on an idle connection.
    ...(status === 400 || status === 414 ? { Connection: 'close' } : {}),
    ...headers,
  });
  response.end(body);
}

interface VariantsEntry {
  mtimeMs: number;
  variants: PageVariant[];
}

const variantsCache = new Map<string, VariantsEntry>();

/**
 * The page variants listed beside the pages, read again when buckets.json changes. None when it is missing
 * (a map without canary); none either when it is broken, with one warning per broken version of the file: the
 * default pages, always there, are a page for everyone, if not the versions a canary visitor's shell loads.
 */
function pageVariants(pagesDir: string): PageVariant[] {
  const file = join(pagesDir, variantsIndexName);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = variantsCache.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.variants;
  let variants: PageVariant[] = [];
  try {
    variants = parsePageVariants(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    // Gone since it was looked at: new pages are being swapped in, not a broken file.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    console.warn(`${file} is unusable (${(error as Error).message}); every visitor gets the default pages`);
  }
  variantsCache.set(file, { mtimeMs, variants });
  return variants;
}

/** The variant of a generated page for a bucket, when buckets.json names one that holds it; else the page. */
function variantPage(site: SiteRoot, page: string, bucket: number): string {
  // The bare index.html (no pages written yet) has no variants.
  if (!site.pagesDir || resolve(dirname(page)) !== resolve(site.pagesDir)) return page;
  const variant = variantOf(pageVariants(site.pagesDir), bucket);
  const file = variant ? join(site.pagesDir, ...variant.dir.split('/'), basename(page)) : null;
  return file && existsSync(file) ? file : page;
}

/** The same page of the preview the request's cookie holds a valid link to, if any. */
function previewPage(request: IncomingMessage, site: SiteRoot, page: string): string | undefined {
  if (!site.pagesDir || resolve(dirname(page)) !== resolve(site.pagesDir)) return undefined;
  // A dev preview's page is the shell's own, rendered in the browser with the dev server's code.
  const bare = join(site.dir, 'index.html');
  if (devPreviewFor(request, site.preview) && existsSync(bare)) return bare;
  const dir = previewPagesFor(request, site.preview, site.pagesDir);
  const file = dir ? join(dir, basename(page)) : undefined;
  return file && existsSync(file) ? file : undefined;
}

/**
 * Sends one of the shell's pages as the visitor gets it: the variant for their bucket (federation/src/bucket.ts),
 * so the prerendered content is what the remote versions their shell loads render. A visitor without a valid
 * identifier gets a new one; every page renews the cookie, so a returning visitor keeps their bucket.
 */
function sendPage(
  request: IncomingMessage,
  response: ServerResponse,
  site: SiteRoot,
  page: string,
  status = 200,
) {
  const identifier = bucketIdentifierIn(request.headers.cookie) ?? newBucketIdentifier();
  const secure = reachedOverHttps(request, site.trustProxy ?? 0);
  response.setHeader('Set-Cookie', bucketCookieValue(identifier, secure));
  // A browser in a preview gets the preview's page; its bucket is kept for when the preview ends.
  const preview = previewPage(request, site, page);
  const file = preview ?? variantPage(site, page, bucketOf(identifier));
  sendFile(request, response, file, '/index.html', site, { status, byCookie: true });
}

const notFound = (response: ServerResponse) => refuse(response, { status: 404, message: 'Not found' });

/** The same refusal written straight to a socket, for requests that never become a request object. */
function rawRefusal({ status, message }: Refusal, headers: Record<string, string> = {}): string {
  const body = `${message}\n`;
  const fields = {
    ...generalSecurityHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...headers,
  };
  const head = Object.entries(fields)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`;
}

/** What Node's parser refused, as an answer: its own default is an empty 400 or 431. */
function malformedRefusal(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): Refusal {
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The head is over 16 KiB; with no line break in the first maxTargetLength bytes it is the request line.
    const start = error.rawPacket?.toString('latin1', 0, maxTargetLength + 64) ?? '';
    return start.length > maxTargetLength && !start.includes('\n')
      ? { status: 414, message: 'URI too long' }
      : { status: 431, message: 'Request header fields too large' };
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Request timeout' };
  if (error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, message: 'Payload too large' };
  return badRequest('malformed request');
}

function answerMalformed(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) {
  // Already answered (the parser reports the rest of a refused request again), or the client is gone.
  if (!socket.writable) return;
  if (error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  socket.end(rawRefusal(malformedRefusal(error)));
  // Closing with unread bytes resets the connection, and the client may lose the answer: the socket reads
  // on (the parser drops it) until the client closes, for a few seconds at most.
  setTimeout(() => socket.destroy(), 5000).unref();
}

const knownPaths = new Set(allRoutePaths());

/** Node keeps only the first Host header in request.headers; the raw list has them all. */
const hostHeaderCount = (request: IncomingMessage) =>
  request.rawHeaders.filter((value, index) => index % 2 === 0 && value.toLowerCase() === 'host').length;

export function handleStatic(site: SiteRoot) {
  return (request: IncomingMessage, response: ServerResponse) => {
    try {
      serveStatic(site, request, response);
    } catch {
      // A file that vanished between two looks (a release swapping folders): an answer, never a crash.
      if (!response.headersSent) refuse(response, { status: 500, message: 'Internal server error' });
      else response.destroy();
    }
  };
}

function serveStatic(site: SiteRoot, request: IncomingMessage, response: ServerResponse) {
  for (const [name, value] of Object.entries(generalSecurityHeaders)) response.setHeader(name, value);
  if (site.cors) response.setHeader('Access-Control-Allow-Origin', '*');
  if (reachedOverHttps(request, site.trustProxy ?? 0)) {
    response.setHeader('Strict-Transport-Security', strictTransportSecurity);
  }
  // Two Host headers name two sites: which one a cache or proxy in front took is anyone's guess (RFC 9112, 3.2).
  if (hostHeaderCount(request) > 1) return refuse(response, badRequest('more than one Host header'));
  // Node's own check (requireHostHeader, off in startStaticHost) would answer an empty 400: this one says why.
  if (request.httpVersion === '1.1' && request.headers.host === undefined) {
    return refuse(response, badRequest('HTTP/1.1 requires a Host header'));
  }
  const rawTarget = request.url ?? '/';
  if (rawTarget.length > maxTargetLength) return refuse(response, { status: 414, message: 'URI too long' });
  const target = parseTarget(rawTarget);
  if ('status' in target) return refuse(response, target);
  if (request.method === 'OPTIONS') {
    response.writeHead(204, {
      Allow: allowedMethods,
      'Access-Control-Allow-Methods': 'GET, HEAD',
      'Access-Control-Max-Age': String(preflightMaxAgeSeconds),
    });
    response.end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return refuse(response, { status: 405, message: 'Method not allowed' }, { Allow: allowedMethods });
  }
  const urlPath = target.path;
  const secure = reachedOverHttps(request, site.trustProxy ?? 0);
  if (
    site.spa &&
    answerPreviewPath(request, response, {
      path: urlPath,
      settings: site.preview,
      pagesDir: site.pagesDir,
      secure,
    })
  )
    return;
  // A preview browser's shell loads the versions its pages were written with.
  if (site.spa && urlPath === '/remotes.json') {
    const dev = devPreviewFor(request, site.preview);
    const live = resolveFile(site.dir, target.segments);
    if (dev && live) return sendDevPreviewMap(request, response, live, dev);
    const dir = previewPagesFor(request, site.preview, site.pagesDir);
    const map = dir ? join(dir, 'remotes.json') : undefined;
    if (map && existsSync(map)) return sendFile(request, response, map, urlPath, site, { byCookie: true });
  }
  // Route paths get their generated page, "/" included (the folder's bare index.html names no route).
  const trimmed = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
  const known = site.spa && knownPaths.has(trimmed);
  const routePage = known && site.pagesDir ? join(site.pagesDir, pageFileName(trimmed)) : null;
  if (routePage && existsSync(routePage)) {
    sendPage(request, response, site, routePage);
    return;
  }
  const file = resolveFile(site.dir, target.segments);
  // Asked for by name, the bare index.html (it names no route) gives way to the generated home page.
  const bareIndex = site.pagesDir !== undefined && file === join(site.dir, 'index.html');
  const homePage = bareIndex && site.pagesDir ? join(site.pagesDir, pageFileName('/')) : null;
  if (homePage && existsSync(homePage)) {
    sendPage(request, response, site, homePage);
    return;
  }
  if (file) {
    sendFile(request, response, file, urlPath, site);
    return;
  }
  if (!site.spa) return notFound(response);
  // Unknown paths get the 404 page (the app renders it too) with a real 404 status. Without generated
  // pages, the bare index.html serves both.
  const page = site.pagesDir ? join(site.pagesDir, pageFileName(known ? trimmed : null)) : null;
  const html = page && existsSync(page) ? page : join(site.dir, 'index.html');
  if (!existsSync(html)) return notFound(response);
  sendPage(request, response, site, html, known ? 200 : 404);
}

function sendDevPreviewMap(
  request: IncomingMessage,
  response: ServerResponse,
  liveFile: string,
  dev: NonNullable<ReturnType<typeof devPreviewFor>>,
) {
  const body = devPreviewMap(JSON.parse(readFileSync(liveFile, 'utf8')), dev);
  response.writeHead(200, {
    'Content-Type': contentTypes['.json'] as string,
    'Cache-Control': 'no-store',
    Vary: 'Accept-Encoding, Cookie',
    'Content-Length': Buffer.byteLength(body),
  });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * Starts one HTTP server per site root; resolves once all listen. Port 0 picks a free port (see
 * server.address()). Without a host, a server listens on loopback only, 127.0.0.1 and ::1 on the same port
 * (its address() is 127.0.0.1's): never on every interface unless told so (AGENCY_HOST, site.ts).
 */
export async function startStaticHost(
  sites: Array<SiteRoot & { port: number; host?: string }>,
): Promise<Server[]> {
  return Promise.all(sites.map(startOne));
}

async function startOne(site: SiteRoot & { port: number; host?: string }): Promise<Server> {
  const server = createServer({ requireHostHeader: false }, handleStatic(site));
  // Requests Node's parser refuses (a bad request line or header, a head over 16 KiB) and CONNECT
  // (which never reaches the handler; unanswered, Node just drops the connection) get plain answers too.
  server.on('clientError', answerMalformed);
  server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.end(rawRefusal({ status: 405, message: 'Method not allowed' }, { Allow: allowedMethods }));
  });
  const [first, ...others] = site.host === undefined ? loopbackAddresses : [site.host];
  try {
    await listenOn(server, site.port, first);
    // The further addresses on the port the first one got (port 0 picks one).
    const { port } = server.address() as AddressInfo;
    for (const address of others) await alsoListenOn(server, port, address);
  } catch (error) {
    server.close();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? new Error(`Port ${site.port} is already in use: stop the other server or set AGENCY_PORT_BASE`)
      : error;
  }
  return server;
}
