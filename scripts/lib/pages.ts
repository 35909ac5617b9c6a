/**
 * The HTML each route is served with. The shell's build has one index.html; a visitor, a search engine and a
 * link preview should get a page that already names and describes the route, preloads its remote code and
 * holds its content, prerendered with its styles (prerender/prerender.ts). These pages depend on the environment (its remote map), so they are
 * generated into deploy/pages/ by every start, release and rollback, never into the shell's own files, which
 * a remote's release must leave byte for byte as they were.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { notFoundRoute, type RouteEntry, routes } from 'shared-content/site';
import type { RemoteMap } from 'shared-content/topology';
import { deferScripts, pageLoaderScript } from './pages/defer-scripts.ts';
import { fontFaces, preloadHints, remoteHints } from './pages/preload.ts';
import { socialTags, structuredData } from './pages/seo.ts';
import { PrerenderError, type PrerenderResult, prerenderPages } from './prerender/prerender.ts';
import { readRemoteMap } from './remote-map-file.ts';

export interface PageContext {
  /** The path served ("/", "/services", "/Portfolio"), or null for the 404 page. */
  path: string | null;
  /** The route-table entry (aliases share their canonical entry). */
  route: RouteEntry | null;
  /** The environment's remote map at generation time. */
  remoteMap: Partial<RemoteMap>;
  deploy: string;
  env: NodeJS.ProcessEnv;
}

/** Contributes markup to a page's <head>; the parts are joined in order. */
export type HeadPart = (page: PageContext) => string;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The route's own title and description, so they are right before any script runs. */
export const titleAndDescription: HeadPart = ({ route }) => {
  const { title, description } = route ?? notFoundRoute;
  return `<title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}" />`;
};

/** Head parts in the order they are written. */
// Preload hints come first, so the browser starts fetching the route's code as early as possible.
export const headParts: HeadPart[] = [
  titleAndDescription,
  preloadHints,
  fontFaces,
  socialTags,
  structuredData,
];

export const pagesDir = (deploy: string) => join(deploy, 'pages');

/** The file a path is served from: "/" → index.html, "/services" → services.html, 404 → 404.html. */
export function pageFileName(path: string | null): string {
  if (path === null) return '404.html';
  return path === '/' ? 'index.html' : `${path.slice(1)}.html`;
}

const emptyRoot = '<div id="root"></div>';

export function renderPage(
  shellIndexHtml: string,
  page: PageContext,
  parts: readonly HeadPart[] = headParts,
  body?: Pick<PrerenderResult, 'html' | 'styles'>,
) {
  if (!shellIndexHtml.includes('</head>')) throw new Error('The shell’s index.html has no </head>');
  // The build's own <title> (if any) gives way to the route's.
  const withoutTitle = shellIndexHtml.replace(/<title>[\s\S]*?<\/title>/, '');
  const head = parts.map((part) => part(page)).join('') + (body?.styles ?? '');
  const withHead = withoutTitle.replace('</head>', `${head}</head>`);
  if (!body) return withHead;
  if (!withHead.includes(emptyRoot)) throw new Error(`The shell’s index.html has no ${emptyRoot}`);
  // Without the page loader (a shell built before it existed) the scripts stay in the head, as written.
  const loader = pageLoaderScript(page.deploy);
  const owners = new Map(remoteHints(page).map((hint) => [hint.href, hint]));
  const deferred = loader ? deferScripts(withHead, loader, owners) : withHead;
  // A function replacement: the markup may hold "$&" and the like, which must stay as written.
  return deferred.replace(emptyRoot, () => `<div id="root">${body.html}</div>`);
}

/** Renders every page in Node; on failure the pages are written without a body (the browser renders them). */
export type Prerender = (
  deploy: string,
  paths: ReadonlyArray<string | null>,
  env: NodeJS.ProcessEnv,
) => PrerenderResult[];

function prerenderedBodies(deploy: string, env: NodeJS.ProcessEnv, prerender: Prerender) {
  const bodies = new Map<string | null, PrerenderResult>();
  try {
    for (const result of prerender(
      deploy,
      pageList().map(({ path }) => path),
      env,
    )) {
      bodies.set(result.path, result);
      const page = result.path ?? 'the 404 page';
      for (const { slot, reason } of result.failedSlots) {
        console.warn(`Prerender: ${page} shows the fallback for ${slot} (${reason})`);
      }
      for (const error of result.renderErrors) {
        console.warn(`Prerender: part of ${page} is left to the browser, as rendering it failed: ${error}`);
      }
    }
  } catch (error) {
    if (!(error instanceof PrerenderError)) throw error;
    console.warn(
      `${error.message}\nThe pages are written without prerendered content; browsers render them.`,
    );
  }
  return bodies;
}

/** Every page the site serves: each route path (canonical and aliases) and the 404 page. */
export function pageList(): Array<Pick<PageContext, 'path' | 'route'>> {
  const list: Array<Pick<PageContext, 'path' | 'route'>> = Object.values(routes).flatMap(
    (route: RouteEntry) => [route.path, ...route.aliases].map((path) => ({ path, route })),
  );
  return [...list, { path: null, route: null }];
}

/**
 * Writes deploy/pages/ from the deployed shell and the environment's remote map. The new set is written beside
 * the old one and swapped in with renames, so a request never sees a half-written set.
 */
export function writePages(
  deploy: string,
  env: NodeJS.ProcessEnv = process.env,
  parts = headParts,
  prerender: Prerender = prerenderPages,
): string[] {
  const indexFile = join(deploy, 'shell', 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`No shell is deployed at ${indexFile}: publish the shell first`);
  const shellIndexHtml = readFileSync(indexFile, 'utf8');
  const remoteMap = readRemoteMap(deploy);
  const bodies = prerenderedBodies(deploy, env, prerender);
  const target = pagesDir(deploy);
  const staging = `${target}.${process.pid}.staging`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const written = pageList().map(({ path, route }) => {
    const name = pageFileName(path);
    writeFileSync(
      join(staging, name),
      renderPage(shellIndexHtml, { path, route, remoteMap, deploy, env }, parts, bodies.get(path)),
    );
    return name;
  });
  const retired = `${target}.${process.pid}.retired`;
  if (existsSync(target)) renameSync(target, retired);
  renameSync(staging, target);
  rmSync(retired, { recursive: true, force: true });
  return written;
}

/** The generated page for a request path, if the pages exist. */
export function pageFor(deploy: string, path: string | null): string | null {
  const file = join(pagesDir(deploy), pageFileName(path));
  return existsSync(file) ? file : null;
}

/** Names of the generated pages (for tests and diagnostics). */
export const generatedPages = (deploy: string) =>
  existsSync(pagesDir(deploy)) ? readdirSync(pagesDir(deploy)).sort() : [];
