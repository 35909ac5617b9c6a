/**
 * What a shell build says of itself, so that a host serves it from the deploy alone, never from its own source
 * checkout (issue 41): its route table (each route's paths, title, description and slots), its 404 page's title
 * and description, and the exposes it imports from each remote (its contract). The shell's build writes it as
 * `site.json` beside its `mf-manifest.json` (shell/rsbuild.config.ts); the page writer, the sitemap, the static
 * hosts and the contract check of a release, a rollback and a shell release read the deployed one
 * (deploy-folder's site-description.ts). A shell release that adds a route thus adds its page, its sitemap
 * entry and its 200 with no restart and no pull on the host.
 */
import type { RouteEntry, RouteSlotEntry } from 'shared-content/site';
import { notFoundRoute, routes } from 'shared-content/site';
import { type RemoteName, remoteNames, shellImports } from './remotes.ts';

export const siteDescriptionFile = 'site.json';
/** The format a host reads; a shell that writes another is refused with a sentence naming both. */
export const siteDescriptionFormat = 1;

export interface DescribedRoute extends RouteEntry {
  /** The route's name in the table (home, contact, …): what head parts key on. */
  id: string;
}

export interface SiteDescription {
  format: typeof siteDescriptionFormat;
  routes: DescribedRoute[];
  notFound: { title: string; description: string };
  /** The exposes the shell imports from each remote. */
  imports: Record<RemoteName, string[]>;
}

/** The description of the shell this checkout builds (its build writes it). */
export function describeSite(): SiteDescription {
  return {
    format: siteDescriptionFormat,
    routes: Object.entries(routes).map(([id, route]) => ({ id, ...(route as RouteEntry) })),
    notFound: { title: notFoundRoute.title, description: notFoundRoute.description },
    imports: Object.fromEntries(remoteNames.map((name) => [name, [...shellImports[name]]])) as Record<
      RemoteName,
      string[]
    >,
  };
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);
const isPath = (value: unknown): value is string =>
  typeof value === 'string' && /^\/[A-Za-z0-9\-._~/]*$/.test(value) && !value.includes('//');

function slotProblem(slot: unknown, where: string): string | undefined {
  if (typeof slot !== 'object' || slot === null) return `${where} is not an object`;
  const { remote, module, reserve } = slot as Partial<RouteSlotEntry>;
  if (!remoteNames.includes(remote as RemoteName))
    return `${where} names no remote of ours (${String(remote)})`;
  if (!isText(module)) return `${where} names no module`;
  if (typeof reserve !== 'object' || reserve === null || typeof reserve.base !== 'number')
    return `${where} has no reserve`;
  return undefined;
}

function routeProblem(route: unknown, index: number): string | undefined {
  const where = `route ${index + 1}`;
  if (typeof route !== 'object' || route === null) return `${where} is not an object`;
  const { id, path, aliases, title, description, slots } = route as Partial<DescribedRoute>;
  if (!isText(id)) return `${where} has no id`;
  if (!isPath(path)) return `${where} (${id}) has no path such as /about`;
  if (!Array.isArray(aliases) || !aliases.every(isPath))
    return `${where} (${id}) has aliases that are not paths`;
  if (!isText(title) || !isText(description)) return `${where} (${id}) has no title or description`;
  if (!Array.isArray(slots)) return `${where} (${id}) has no slots`;
  for (const [at, slot] of slots.entries()) {
    const problem = slotProblem(slot, `${where} (${id}), slot ${at + 1},`);
    if (problem) return problem;
  }
  return undefined;
}

/** The description in a shell's `site.json`, checked; throws a sentence naming what is wrong. */
export function parseSiteDescription(text: string): SiteDescription {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${siteDescriptionFile} is not JSON`);
  }
  const description = value as Partial<SiteDescription>;
  if (description?.format !== siteDescriptionFormat) {
    throw new Error(
      `${siteDescriptionFile} is in format ${String(description?.format)}; this host reads format ${siteDescriptionFormat}`,
    );
  }
  if (!Array.isArray(description.routes) || description.routes.length === 0)
    throw new Error(`${siteDescriptionFile} lists no routes`);
  for (const [index, route] of description.routes.entries()) {
    const problem = routeProblem(route, index);
    if (problem) throw new Error(`${siteDescriptionFile}: ${problem}`);
  }
  const paths = description.routes.flatMap((route) => [route.path, ...route.aliases]);
  const twice = paths.find((path, index) => paths.indexOf(path) !== index);
  if (twice) throw new Error(`${siteDescriptionFile}: ${twice} is the path of two routes`);
  if (!isText(description.notFound?.title) || !isText(description.notFound?.description))
    throw new Error(`${siteDescriptionFile} has no 404 page title and description`);
  const imports = description.imports as Record<string, unknown> | undefined;
  if (
    typeof imports !== 'object' ||
    imports === null ||
    !remoteNames.every((name) => isTextList(imports[name] ?? []))
  )
    throw new Error(`${siteDescriptionFile} says not which exposes the shell imports from each remote`);
  return {
    format: siteDescriptionFormat,
    routes: description.routes,
    notFound: description.notFound as SiteDescription['notFound'],
    imports: Object.fromEntries(
      remoteNames.map((name) => [name, [...((imports[name] as string[] | undefined) ?? [])]]),
    ) as Record<RemoteName, string[]>,
  };
}

/** Every path the described site answers with a page, canonical paths and aliases alike. */
export const describedPaths = (site: SiteDescription): string[] =>
  site.routes.flatMap((route) => [route.path, ...route.aliases]);

/** The canonical path of every route with a slot of the remote: the pages a change of it shows on. */
export const pathsShowing = (site: SiteDescription, remote: string): string[] =>
  site.routes
    .filter((route) => route.slots.some((slot) => slot.remote === remote))
    .map((route) => route.path);
