/**
 * Preload hints for each generated page, so the browser fetches what the route needs in parallel with the
 * shell's own JavaScript instead of one after the other (html → remotes.json → mf-manifest.json → remote entry →
 * chunk). Which remotes and exposes a route uses comes from the route table (federation/route-slots), the same table the
 * shell renders from; where they live comes from the environment's remote map and each remote's deployed
 * mf-manifest.json, so after a release or rollback the regenerated pages point at the live versions.
 *
 * Only the slots that load code on this page get hints (islands, see codeSlotsOf): a prerendered section that
 * needs no code keeps its HTML and never loads its remote, so preloading its code would only compete with what
 * the page does need. On a prerendered page every code hint waits in the page loader's plan until one of its
 * slots is wanted; a slot whose code loads when reached (the route table's `codeLoads`) is not wanted for being
 * on screen (shell/src/early/index.ts), so its hints, the federation host's among them, are fetched when the
 * visitor reaches for it or at idle, all at once.
 */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteName, remotes, shell } from 'build-config/topology';
import { deployedSite } from 'deploy-folder/site-description';
import { checkRemoteManifest } from 'federation/compatibility';
import { versionOfManifestUrl } from 'federation/remote-map';
import type { RouteEntry, RouteSlotEntry } from 'shared-content/site';
import { federationHostChunk, fontFacesAttribute, fontFacesWaitingMedia } from 'shell/early-protocol';
import { shellLends } from '../contracts/contract-check.ts';
import { styleElement } from './html.ts';
import type { HeadPart, PageContext, PageHeadElement } from './types.ts';

/** The parts of a deployed mf-manifest.json a page needs: the remote entry and each expose's assets. */
interface DeployedManifest {
  /** integrity: each browser file's SHA-384, written by the release that sealed the version (integrity.ts). */
  metaData?: { remoteEntry?: { name?: string; path?: string }; integrity?: Record<string, string> };
  exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

export interface Hint {
  href: string;
  as: 'fetch' | 'script' | 'style';
  /** fetch() is a CORS request; the loaders' <script>/<link> tags are not. */
  crossorigin?: boolean;
  type?: string;
  /** A sealed remote file's SHA-384: the shell runs it with this integrity, so the preload must match. */
  integrity?: string;
  /** The first slot holds the largest paint; the rest may wait for it. */
  priority?: 'high' | 'low';
  /**
   * The slots ("remote/Module") that need this file: for a chunk the slots whose code it is, for a remote's
   * manifest and entry that remote's slots that load code. The page loader fetches it when the first of them is
   * wanted; a file without slots is the shell's (/remotes.json and /runtime.json, read at start).
   */
  slots?: string[];
}

/**
 * A hint as a head element; it also carries what the page loader needs to fetch it when
 * one of its slots is wanted, so a prerendered page can hand it over without reading its own markup back.
 */
export function hintElement(hint: Hint): PageHeadElement {
  const { href, as, crossorigin, type, integrity, priority, slots } = hint;
  return {
    tag: 'link',
    attributes: {
      rel: 'preload',
      href,
      as,
      type,
      integrity,
      crossorigin: crossorigin ? true : undefined,
      fetchpriority: priority,
    },
    deferrable: {
      href,
      as,
      ...(crossorigin ? { crossorigin: true } : {}),
      ...(type ? { type } : {}),
      ...(integrity ? { integrity } : {}),
      ...(slots ? { slots } : {}),
    },
  };
}

/**
 * The slots of a route as the deployed shell declares them (its site.json, whose remotes are checked to be
 * ours when it is read; a route of this checkout's table is typed so already).
 */
const slotsOf = (route: RouteEntry) => route.slots as ReadonlyArray<RouteSlotEntry & { remote: RemoteName }>;

/** The remotes and exposes a route shows, in page order, from the route table. */
export function slotsOfRoute(route: RouteEntry | null): Array<{ remote: RemoteName; module: string }> {
  return route ? slotsOf(route).map(({ remote, module }) => ({ remote, module })) : [];
}

/**
 * The slots ("remote/Module") of a page that load their remote's code on a page load: every slot of a page
 * without prerendered content (the browser draws them all), and on a prerendered page those the route table
 * marks `needsCode` and those the prerender could not render (they hold a fallback, or the placeholder React
 * leaves where a render threw, not their content).
 * Every other slot of a prerendered page keeps its HTML as it is and never loads code (shell's StaticSlot).
 */
export function codeSlotsOf({ route, prerendered }: Pick<PageContext, 'route' | 'prerendered'>): string[] {
  if (!route) return [];
  const failed = new Set(
    [...(prerendered?.failedSlots ?? []), ...(prerendered?.slotErrors ?? [])].map(({ slot }) => slot),
  );
  const loading = slotsOf(route)
    .map((slot) => ({ key: `${slot.remote}/${slot.module}`, needsCode: slot.needsCode === true }))
    .filter(({ key, needsCode }) => !prerendered || needsCode || failed.has(key))
    .map(({ key }) => key);
  return [...new Set(loading)];
}

/** The deployed manifest behind a remote-map entry, read from the deploy folder (null if it is not there). */
function readDeployedManifest(
  deploy: string,
  remote: RemoteName,
  manifestUrl: string,
): DeployedManifest | null {
  const version = versionOfManifestUrl(manifestUrl);
  if (!version) return null;
  const file = join(deploy, remotes[remote].folder, version, 'mf-manifest.json');
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DeployedManifest;
  } catch {
    // A broken manifest is the release tool's and the browser's to report; the page just preloads less.
    return null;
  }
}

/** Whether the deployed shell would run this remote: the same check as in the browser, on the same files. */
function runnable(deploy: string, remote: RemoteName, manifest: DeployedManifest): boolean {
  try {
    const lent = shellLends(join(deploy, 'shell', 'mf-manifest.json'));
    const imports = deployedSite(deploy).imports[remote];
    return checkRemoteManifest(manifest, { remote, imports, ...lent }).length === 0;
  } catch {
    return false;
  }
}

/**
 * The deployed shell's federation host chunk (null for a build without one: the one-bundle build). The shell
 * imports it when a section first needs code, after the shell's own start; preloaded with that section's own
 * hints, it arrives with the remote's entry instead of one round trip after hydration.
 */
function federationHostHref(deploy: string): string | null {
  const asyncDir = join(deploy, shell.folder, 'static', 'js', 'async');
  if (!existsSync(asyncDir)) return null;
  const file = readdirSync(asyncDir).find(
    (name) => name.startsWith(`${federationHostChunk}.`) && name.endsWith('.js'),
  );
  return file ? `/static/js/async/${file}` : null;
}

/**
 * The hints for one page: run-time files first, the shell's federation host if a slot loads code, then per
 * remote that loads code its manifest, entry and the chunks of its slots that load code. Each code hint lists
 * the slots that need it, so the page loader fetches nothing for a slot that keeps its HTML.
 */
export function remoteHints({
  route,
  remoteMap,
  deploy,
  prerendered,
}: Pick<PageContext, 'route' | 'remoteMap' | 'deploy' | 'prerendered'>): Hint[] {
  const codeSlots = codeSlotsOf({ route, prerendered });
  // Every page's shell reads both files at start (bootstrap.tsx): runtime.json for the footer's newsletter form,
  // the remote map for the versions the health beacons name, sections kept as HTML included.
  const hints: Hint[] = [
    { href: '/remotes.json', as: 'fetch', crossorigin: true },
    { href: '/runtime.json', as: 'fetch', crossorigin: true },
  ];
  const host = codeSlots.length > 0 ? federationHostHref(deploy) : null;
  if (host) hints.push({ href: host, as: 'script', priority: 'high', slots: codeSlots });
  const slots = slotsOfRoute(route);
  const seen = new Map<string, Hint>();
  const add = (hint: Hint) => {
    const earlier = seen.get(hint.href);
    // A chunk two slots share is one request, fetched with whichever of them is wanted first.
    if (earlier) {
      if (earlier.slots && hint.slots) earlier.slots = [...new Set([...earlier.slots, ...hint.slots])];
      return;
    }
    seen.set(hint.href, hint);
    hints.push(hint);
  };
  const usedRemotes = [...new Set(slots.map((slot) => slot.remote))];
  for (const remote of usedRemotes) {
    const remoteSlots = codeSlots.filter((slot) => slot.startsWith(`${remote}/`));
    const manifestUrl = remoteMap[remote];
    if (!manifestUrl || remoteSlots.length === 0) continue;
    add({ href: manifestUrl, as: 'fetch', crossorigin: true, priority: 'high', slots: remoteSlots });
    const manifest = readDeployedManifest(deploy, remote, manifestUrl);
    const entry = manifest?.metaData?.remoteEntry;
    // The shell never runs a remote it finds incompatible (compatibility-plugin.ts); it should not download
    // its code either, so such a remote gets only its manifest preloaded, as the browser will read that.
    if (!manifest || !entry?.name || !runnable(deploy, remote, manifest)) continue;
    // publicPath 'auto': every file is relative to the folder the manifest was fetched from.
    const url = (file: string) => new URL(file, manifestUrl).href;
    // A sealed version's files are run with their integrity, which needs a CORS request: so are their preloads.
    const sealed = (file: string) => {
      const integrity = manifest.metaData?.integrity?.[file];
      return integrity ? { integrity, crossorigin: true } : {};
    };
    const entryFile = `${entry.path ?? ''}${entry.name}`;
    add({ href: url(entryFile), as: 'script', priority: 'high', slots: remoteSlots, ...sealed(entryFile) });
    slots.forEach((slot, index) => {
      const owner = `${remote}/${slot.module}`;
      if (slot.remote !== remote || !remoteSlots.includes(owner)) return;
      const assets = manifest.exposes?.find((expose) => expose.name === slot.module)?.assets;
      const priority = index === 0 ? 'high' : 'low';
      const owners = [owner];
      for (const file of assets?.css?.sync ?? [])
        add({ href: url(file), as: 'style', priority, slots: owners, ...sealed(file) });
      for (const file of assets?.js?.sync ?? [])
        add({ href: url(file), as: 'script', priority, slots: owners, ...sealed(file) });
    });
  }
  return hints;
}

/** The shell's @font-face rules (its font CSS is a chunk the bundle loads later), for inlining in the head. */
export function fontFaceCss(deploy: string): string {
  const cssDir = join(deploy, 'shell', 'static', 'css');
  if (!existsSync(cssDir)) return '';
  return readdirSync(cssDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.css'))
    .sort()
    .map((name) => readFileSync(join(cssDir, name), 'utf8'))
    .filter((css) => css.includes('@font-face'))
    .join('');
}

/**
 * Head part: the font's @font-face rules inline, held back until the first paint (fontFacesWaitingMedia): the
 * text is painted at once in the metric-matched fallback face, and the page loader then switches the rules on,
 * so Inter is fetched after the first paint instead of competing with it, and is not preloaded. Inline, the
 * rules need no stylesheet from the bundle, which would restyle the whole page while it hydrates.
 */
export const fontFaces: HeadPart = ({ deploy }) => {
  const css = fontFaceCss(deploy);
  return css ? [styleElement(css, { [fontFacesAttribute]: true, media: fontFacesWaitingMedia })] : [];
};

/** Head part: the run-time files and the route's remote code. */
export const preloadHints: HeadPart = (page) => remoteHints(page).map(hintElement);
