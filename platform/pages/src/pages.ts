/**
 * The HTML each route is served with. The shell's build has one index.html; a visitor, a search engine and a
 * link preview should get a page that already names and describes the route, preloads its remote code and
 * holds its content, prerendered with its styles (prerender/prerender.ts). These pages depend on the environment (its remote map), so they are
 * generated into deploy/pages/ by every start, release and rollback, never into the shell's own files, which
 * a remote's release must leave byte for byte as they were. With a canary, each set of versions visitors may
 * load gets its own set of pages (deploy-model/variants.ts).
 */

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import { type Deploy, type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { writeInlineScriptsIndex } from 'deploy-folder/inline-scripts';
import { precompressedSource, precompressFile } from 'deploy-folder/precompress';
import { previewPagesDir } from 'deploy-folder/preview/registry';
import { deployedSite } from 'deploy-folder/site-description';
import { readVersionSource } from 'deploy-folder/version-source';
import {
  pageFileName,
  pageFileNames,
  pagesDir,
  routePagesIndex,
  routePagesIndexName,
} from 'deploy-model/layout';
import { type PageVariant, variantDir, variantsIndexName } from 'deploy-model/variants';
import {
  bucketRanges,
  defaultRemoteMap,
  pinnedDocument,
  type RemoteMapDocument,
  type ResolvedRemoteMap,
  urlsAndIntegrity,
} from 'federation/remote-map';
import type { SiteDescription } from 'federation/site-description';
import type { SiteAddresses, SiteUrls } from 'platform-kit/settings/site';
import { notFoundRoute } from 'shared-content/site';
import type { DeferredPlan } from 'shell/early-protocol';
import {
  deferredPlanElements,
  pageLoaderSource,
  readShellDocument,
  type ShellDocument,
} from './pages/defer-scripts.ts';
import { renderElement } from './pages/html.ts';
import { fontFaces, preloadHints } from './pages/preload.ts';
import { socialTags, structuredData } from './pages/seo.ts';
import type { HeadPart, PageContext, PageHeadElement } from './pages/types.ts';
import { PrerenderError, type PrerenderResult, prerenderPages } from './prerender/prerender.ts';

/** The route's own title and description, so they are right before any script runs. */
export const titleAndDescription: HeadPart = ({ route, site }) => {
  const { title, description } = route ?? site?.notFound ?? notFoundRoute;
  return [
    { tag: 'title', text: title },
    { tag: 'meta', attributes: { name: 'description', content: description } },
  ];
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

/**
 * What the page generator reads of the deployed shell, once for all the pages it writes: the built
 * index.html and the page loader's code (null for a shell built without one). Every page, and the hash index
 * beside them, then come from the same read.
 */
export interface DeployedShell {
  indexHtml: string;
  pageLoader: string | null;
}

/** Reads the deployed shell for writePages; throws when there is none. */
function readDeployedShell(deploy: string): DeployedShell {
  const indexFile = join(deploy, 'shell', 'index.html');
  if (!existsSync(indexFile))
    throw new Error(`No shell is deployed at ${indexFile}: publish the shell first`);
  return { indexHtml: readFileSync(indexFile, 'utf8'), pageLoader: pageLoaderSource(deploy) };
}

/**
 * One page before it is written: the shell's document around it, its head elements, the styles its content
 * needs, what the page loader fetches later (when the content is prerendered) and the content itself.
 */
export interface PageModel {
  shell: ShellDocument;
  head: PageHeadElement[];
  /** The prerendered content's styles, as the renderer wrote them. */
  styles: string;
  /** The page's scripts and code preloads for the page loader; null when they stay in the head as written. */
  deferred: { plan: DeferredPlan; loaderSource: string } | null;
  /** The markup inside #root, or null for a page the browser renders. */
  body: string | null;
}

export function pageModel(
  deployed: DeployedShell,
  page: PageContext,
  parts: readonly HeadPart[] = headParts,
  body?: Pick<PrerenderResult, 'html' | 'styles'>,
): PageModel {
  const shell = readShellDocument(deployed.indexHtml);
  const head = parts.flatMap((part) => part(page));
  // Only a page with content defers its scripts, only a shell built with the page loader can, and a shell
  // without entry scripts has nothing to hydrate with: such pages keep their scripts in the head.
  const loaderSource = body ? deployed.pageLoader : null;
  const deferred =
    loaderSource && shell.deferred.scripts.length > 0
      ? {
          loaderSource,
          plan: {
            scripts: shell.deferred.scripts,
            preload: [...shell.deferred.preload, ...head.flatMap((element) => element.deferrable ?? [])],
            ...(shell.deferred.icons ? { icons: shell.deferred.icons } : {}),
          },
        }
      : null;
  return { shell, head, styles: body?.styles ?? '', deferred, body: body?.html ?? null };
}

const emptyRoot = '<div id="root"></div>';

/** Writes a page model as HTML, once. */
export function serializePage({ shell, head, styles, deferred, body }: PageModel): string {
  const kept = deferred ? head.filter((element) => !element.deferrable) : head;
  const loading = deferred ? deferredPlanElements(deferred.plan, deferred.loaderSource) : [];
  // The content's styles come before the loader's plan: the content is painted first.
  const ownHead = kept.map(renderElement).join('') + styles + loading.map(renderElement).join('');
  const html = `${deferred ? shell.headWithoutScripts : shell.head}${ownHead}${shell.rest}`;
  if (body === null) return html;
  if (!html.includes(emptyRoot)) throw new Error(`The shell’s index.html has no ${emptyRoot}`);
  // A function replacement: the markup may hold "$&" and the like, which must stay as written.
  return html.replace(emptyRoot, () => `<div id="root">${body}</div>`);
}

/** A page's HTML: its model (pageModel), written once (serializePage). */
export function renderPage(
  deployed: DeployedShell,
  page: PageContext,
  parts: readonly HeadPart[] = headParts,
  body?: Pick<PrerenderResult, 'html' | 'styles'>,
): string {
  return serializePage(pageModel(deployed, page, parts, body));
}

/**
 * Renders every page in Node with the given versions of the remotes; on failure the pages are written without a
 * body (the browser renders them).
 */
export type Prerender = (
  deploy: string,
  paths: ReadonlyArray<string | null>,
  addresses: SiteAddresses,
  remoteMap: ResolvedRemoteMap,
) => PrerenderResult[];

/**
 * One set of pages: the versions it renders, and for a variant its buckets (the default set has none); a
 * preview's set (preview/registry.ts) has its folder and is served by the preview cookie alone.
 */
interface PageSet {
  resolved: ResolvedRemoteMap;
  variant?: PageVariant;
  preview?: { dir: string; remote: RemoteName; version: string };
}

function prerenderedBodies(
  deploy: string,
  settings: SiteUrls,
  prerender: Prerender,
  set: PageSet,
  list: ReadonlyArray<Pick<PageContext, 'path'>>,
) {
  const bodies = new Map<string | null, PrerenderResult>();
  // A variant's messages name its buckets; the default set's read as they did before there were variants.
  const dir = set.variant?.dir ?? set.preview?.dir;
  const prerendering = dir ? `Prerender (${dir})` : 'Prerender';
  const pages = dir ? `The pages of ${dir}` : 'The pages';
  try {
    for (const result of prerender(
      deploy,
      list.map(({ path }) => path),
      settings,
      set.resolved,
    )) {
      bodies.set(result.path, result);
      const page = result.path ?? 'the 404 page';
      for (const { slot, reason } of result.failedSlots) {
        console.warn(`${prerendering}: ${page} shows the fallback for ${slot} (${reason})`);
      }
      for (const error of result.renderErrors) {
        console.warn(
          `${prerendering}: part of ${page} is left to the browser, as rendering it failed: ${error}`,
        );
      }
    }
  } catch (error) {
    if (!(error instanceof PrerenderError)) throw error;
    console.warn(`${error.message}\n${pages} are written without prerendered content; browsers render them.`);
  }
  return bodies;
}

const versionsOf = (resolved: ResolvedRemoteMap) =>
  Object.fromEntries(Object.entries(resolved).map(([name, remote]) => [name, remote.version]));

/**
 * The sets of pages a remote map needs: the default versions' (what a visitor without a bucket gets), then one
 * per bucket range whose versions differ from them. The range of the default versions needs no set of its
 * own; so a map without a canary needs only the default set.
 */
function pageSets(document: RemoteMapDocument): PageSet[] {
  const resolved = defaultRemoteMap(document);
  const same = JSON.stringify(resolved);
  const variants = bucketRanges(document)
    .filter((range) => JSON.stringify(range.resolved) !== same)
    .map(({ from, to, resolved }) => ({
      resolved,
      variant: { from, to, dir: variantDir({ from, to }), versions: versionsOf(resolved) },
    }));
  return [{ resolved }, ...variants];
}

/** A set per open preview: its remote on the previewed version, every other remote on its default. */
function previewSets(deploy: Deploy, addresses: SiteAddresses): PageSet[] {
  return deploy.openPreviews().flatMap(({ remote, version }) => {
    try {
      const resolved = deploy.previewResolution({ remote, version }, addresses);
      return [{ resolved, preview: { dir: previewPagesDir(remote, version), remote, version } }];
    } catch (error) {
      // A version whose seal is gone cannot be previewed; the other pages are written all the same.
      console.warn(`No preview pages for ${remote} ${version}: ${(error as Error).message}`);
      return [];
    }
  });
}

/** The preview's pinned map, its previewed version's entry naming that version's source (version-source). */
function previewDocument(
  resolved: ResolvedRemoteMap,
  { remote, version }: { remote: RemoteName; version: string },
  deploy: string,
): RemoteMapDocument {
  const document = pinnedDocument(resolved);
  const source = readVersionSource(deploy, remotes[remote].folder, version);
  const [entry] = document.microFrontends[remote] ?? [];
  if (source && entry) document.microFrontends[remote] = [{ ...entry, extras: { source } }];
  return document;
}

/** Every page the deployed shell serves: each route path (canonical and aliases) and the 404 page. */
export function pageList(site: SiteDescription): Array<Pick<PageContext, 'path' | 'route'>> {
  const list: Array<Pick<PageContext, 'path' | 'route'>> = site.routes.flatMap((route) =>
    [route.path, ...route.aliases].map((path) => ({ path, route })),
  );
  return [...list, { path: null, route: null }];
}

/** Writes one set of pages into a folder, each with its precompressed siblings; returns the file names. */
function writePageSet(
  dir: string,
  deployed: DeployedShell,
  context: Pick<PageContext, 'remoteMap' | 'deploy' | 'settings'> & { site: SiteDescription },
  parts: readonly HeadPart[],
  bodies: Map<string | null, PrerenderResult>,
): string[] {
  mkdirSync(dir, { recursive: true });
  return pageList(context.site).map(({ path, route }) => {
    const name = pageFileName(path);
    const body = bodies.get(path);
    const page: PageContext = { path, route, ...context, ...(body ? { prerendered: body } : {}) };
    writeFileSync(join(dir, name), renderPage(deployed, page, parts, body));
    // In the staging folder, swapped in with its page: a page and its siblings never disagree.
    precompressFile(join(dir, name));
    return name;
  });
}

/**
 * Writes deploy/pages/ from the deployed shell and the environment's remote map: the default versions' pages,
 * and with a canary a variant per other set of versions, each prerendered with its versions and preloading
 * them, listed in buckets.json (deploy-model/variants.ts), and the hash of the page loader they carry inline in
 * inline-scripts.json (pages/inline-scripts.ts), which the Content-Security-Policy allows. The new pages are
 * written beside the old ones and swapped in with renames, variants included, so a request never sees a
 * half-written set or a stale variant.
 * Returns the default pages' file names.
 */
export function writePages(
  ref: DeployRef,
  settings: SiteUrls,
  parts = headParts,
  prerender: Prerender = prerenderPages,
): string[] {
  const site = openDeploy(ref);
  const deploy = site.path;
  const deployed = readDeployedShell(deploy);
  // The routes are the deployed shell's own (its site.json), never this checkout's.
  const described = deployedSite(deploy);
  // Checked before anything is written, so a colliding route table leaves the live pages as they are.
  const list = pageList(described);
  pageFileNames(list.map(({ path }) => path));
  // Every set is prerendered before anything is written, so a prerenderer that throws leaves no staging folder.
  const sets = [...pageSets(site.remoteMap()), ...previewSets(site, settings)].map((set) => ({
    ...set,
    bodies: prerenderedBodies(deploy, settings, prerender, set, list),
  }));
  return site.swapInPages((staging) =>
    writeSets(staging, sets, deployed, { deploy, settings, site: described }, parts),
  );
}

/** Writes every set of pages into the staging folder; returns the default pages' file names. */
function writeSets(
  staging: string,
  sets: Array<PageSet & { bodies: Map<string | null, PrerenderResult> }>,
  deployed: DeployedShell,
  context: Pick<PageContext, 'deploy' | 'settings'> & { site: SiteDescription },
  parts: readonly HeadPart[],
): string[] {
  const { deploy } = context;
  // The default set comes first: its names are what the caller gets.
  const [written = []] = sets.map(({ resolved, variant, preview, bodies }) => {
    const remoteMap = urlsAndIntegrity(resolved).urls;
    const folder = variant?.dir ?? preview?.dir;
    const dir = folder ? join(staging, ...folder.split('/')) : staging;
    const names = writePageSet(dir, deployed, { remoteMap, ...context }, parts, bodies);
    // A preview browser's shell reads this map (the host serves it as /remotes.json): the pages' versions, and
    // where the previewed one came from, for its banner (only a preview browser is served this map).
    if (preview)
      writeFileSync(
        join(dir, 'remotes.json'),
        `${JSON.stringify(previewDocument(resolved, preview, deploy))}\n`,
      );
    return names;
  });
  // The routes of these pages, for a host that does not read the shell's site.json itself (nginx's njs).
  const routePaths = pageList(context.site).flatMap(({ path }) => (path === null ? [] : [path]));
  writeFileSync(
    join(staging, routePagesIndexName),
    `${JSON.stringify(routePagesIndex(routePaths), null, 2)}\n`,
  );
  if (deployed.pageLoader) writeInlineScriptsIndex(staging, [deployed.pageLoader]);
  const variants = sets.flatMap(({ variant }) => variant ?? []);
  if (variants.length > 0) {
    writeFileSync(join(staging, variantsIndexName), `${JSON.stringify(variants, null, 2)}\n`);
  }
  return written;
}

/** The generated page for a request path, if the pages exist. */
export function pageFor(deploy: string, path: string | null): string | null {
  const file = join(pagesDir(deploy), pageFileName(path));
  return existsSync(file) ? file : null;
}

/**
 * Names of the generated pages and of the indexes a set may have (variants, inline scripts), without their
 * precompressed siblings and without the route index every set has (for tests and diagnostics).
 */
export const generatedPages = (deploy: string) =>
  existsSync(pagesDir(deploy))
    ? readdirSync(pagesDir(deploy))
        .filter((name) => precompressedSource(name) === undefined && name !== routePagesIndexName)
        .sort()
    : [];
