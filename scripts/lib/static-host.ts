import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { allRoutePaths } from 'shared-content/site';
import { pageFileName } from './pages.ts';
import { generalSecurityHeaders } from './security/security-headers.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const compressible = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.map',
  '.ico',
]);

/** Files that say what is deployed now: a browser must never keep a stale copy. */
const neverCached = /(^|\/)(remotes\.json|runtime\.json|mf-manifest\.json|mf-stats\.json|[^/]*\.html)$/;
/** Build output with a content hash in its name never changes. */
const hashedAsset = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function cacheControl(urlPath: string): string {
  if (neverCached.test(urlPath)) return 'no-store';
  if (hashedAsset.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export interface SiteRoot {
  /** Folder served at this port's root. */
  dir: string;
  /** The shell answers its route table's paths with index.html and anything else with index.html + 404. */
  spa: boolean;
  /** Allow any origin to fetch (remotes' manifests and chunks are loaded by the shell's origin). */
  cors: boolean;
  /** The shell's generated per-route pages (scripts/lib/pages.ts), preferred over the bare index.html. */
  pagesDir?: string;
  /** Extra headers of HTML responses (the shell's Content-Security-Policy). */
  htmlHeaders?: () => Record<string, string>;
}

interface CompressedEntry {
  mtimeMs: number;
  body: Buffer;
}

const compressedCache = new Map<string, CompressedEntry>();

function compressed(file: string, mtimeMs: number, encoding: 'br' | 'gzip'): Buffer {
  const key = `${encoding}:${file}`;
  const cached = compressedCache.get(key);
  if (cached && cached.mtimeMs === mtimeMs) return cached.body;
  const raw = readFileSync(file);
  const body =
    encoding === 'br'
      ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(raw, { level: 9 });
  compressedCache.set(key, { mtimeMs, body });
  return body;
}

function pickEncoding(request: IncomingMessage): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Maps a URL path to a file inside root, refusing anything that escapes it. */
function resolveFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return null;
  if (existsSync(candidate) && statSync(candidate).isDirectory()) {
    const index = join(candidate, 'index.html');
    return existsSync(index) ? index : null;
  }
  return existsSync(candidate) ? candidate : null;
}

function sendFile(
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  urlPath: string,
  site: SiteRoot,
  status = 200,
) {
  const extension = extname(file);
  const { mtimeMs, size } = statSync(file);
  response.setHeader('Content-Type', contentTypes[extension] ?? 'application/octet-stream');
  response.setHeader('Cache-Control', cacheControl(urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath));
  if (extension === '.html' && site.htmlHeaders) {
    for (const [name, value] of Object.entries(site.htmlHeaders())) response.setHeader(name, value);
  }
  response.setHeader('Vary', 'Accept-Encoding');
  const encoding = compressible.has(extension) ? pickEncoding(request) : null;
  if (encoding) {
    const body = compressed(file, mtimeMs, encoding);
    response.writeHead(status, { 'Content-Encoding': encoding, 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
    return;
  }
  response.writeHead(status, { 'Content-Length': size });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file).pipe(response);
}

function notFound(response: ServerResponse) {
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end('Not found\n');
}

const knownPaths = new Set(allRoutePaths());

export function handleStatic(site: SiteRoot) {
  return (request: IncomingMessage, response: ServerResponse) => {
    for (const [name, value] of Object.entries(generalSecurityHeaders)) response.setHeader(name, value);
    if (site.cors) response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD',
        'Access-Control-Max-Age': '600',
      });
      response.end();
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    const urlPath = new URL(request.url ?? '/', 'http://host').pathname;
    // Route paths get their generated page, "/" included (the folder's bare index.html names no route).
    const trimmed = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const known = site.spa && knownPaths.has(trimmed);
    const routePage = known && site.pagesDir ? join(site.pagesDir, pageFileName(trimmed)) : null;
    if (routePage && existsSync(routePage)) {
      sendFile(request, response, routePage, '/index.html', site);
      return;
    }
    const file = resolveFile(site.dir, urlPath);
    // Asked for by name, the bare index.html (it names no route) gives way to the generated home page.
    const bareIndex = site.pagesDir !== undefined && file === join(site.dir, 'index.html');
    const homePage = bareIndex && site.pagesDir ? join(site.pagesDir, pageFileName('/')) : null;
    if (homePage && existsSync(homePage)) {
      sendFile(request, response, homePage, '/index.html', site);
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
    sendFile(request, response, html, '/index.html', site, known ? 200 : 404);
  };
}

/** Starts one HTTP server per site root; resolves once all listen. */
export async function startStaticHost(sites: Array<SiteRoot & { port: number }>): Promise<Server[]> {
  return Promise.all(
    sites.map(
      (site) =>
        new Promise<Server>((resolvePromise, reject) => {
          const server = createServer(handleStatic(site));
          server.once('error', (error: NodeJS.ErrnoException) =>
            reject(
              error.code === 'EADDRINUSE'
                ? new Error(
                    `Port ${site.port} is already in use: stop the other server or set AGENCY_PORT_BASE`,
                  )
                : error,
            ),
          );
          server.listen(site.port, () => resolvePromise(server));
        }),
    ),
  );
}
