/**
 * What every host of the deploy folder does alike, whichever server runs it: the embedded Node host
 * (static-host.ts) and the nginx configuration generated from this same module (nginx/). A rule changed here
 * changes both; nothing here touches the disk or a request.
 */
import { allRoutePaths } from 'shared-content/site';
import { pageFileName } from './layout.ts';

export const contentTypes: Readonly<Record<string, string>> = {
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

/** Extensions worth compressing: text, and the icon (an uncompressed bitmap). Fonts and images already are. */
export const compressibleExtensions: readonly string[] = [
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
];

/** Files that say what is deployed now: a browser must never keep a stale copy. */
export const neverCached =
  /(^|\/)(remotes\.json|runtime\.json|mf-manifest\.json|mf-stats\.json|[^/]*\.html)$/;
/** Build output with a content hash in its name never changes. */
export const hashedAsset = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export const cacheRules = {
  neverCached: 'no-store',
  hashed: 'public, max-age=31536000, immutable',
  other: 'public, max-age=3600',
} as const;

export function cacheControl(urlPath: string): string {
  if (neverCached.test(urlPath)) return cacheRules.neverCached;
  if (hashedAsset.test(urlPath)) return cacheRules.hashed;
  return cacheRules.other;
}

/**
 * The longest request target answered (Apache's and nginx's default limit): no route or asset comes near it,
 * and a longer one gets 414 before any work. Node itself refuses a request head over 16 KiB.
 */
export const maxTargetLength = 8192;

/** The methods a static host answers; anything else gets 405 with this list in Allow. */
export const allowedMethods = 'GET, HEAD, OPTIONS';

/** How long a browser may keep a preflight's answer (OPTIONS) before asking again. */
export const preflightMaxAgeSeconds = 600;

/**
 * The shell's routes (the deployed shell's, as its site.json lists them; by default this checkout's) and the
 * generated page each is served from ("/services" → services.html); any other path gets the 404 page
 * (notFoundPage) with status 404.
 */
export function routePages(
  paths: readonly string[] = allRoutePaths(),
): Array<{ path: string; page: string }> {
  return paths.map((path) => ({ path, page: pageFileName(path) }));
}

export const notFoundPage = pageFileName(null);
