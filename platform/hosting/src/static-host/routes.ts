/**
 * The paths of the routes the served shell declares (its site.json, read again when it changes): a shell
 * released over HTTP brings its routes with it, with no restart.
 */
import { shellSiteDescription } from 'deploy-folder/site-description';
import { describedPaths, type SiteDescription } from 'federation/site-description';
import type { Target } from './refusals.ts';
import type { SiteRoot } from './site-root.ts';

const knownPathsCache = new WeakMap<SiteDescription, ReadonlySet<string>>();
function knownPaths(shellDir: string): ReadonlySet<string> {
  const described = shellSiteDescription(shellDir);
  let paths = knownPathsCache.get(described);
  if (!paths) {
    paths = new Set(describedPaths(described));
    knownPathsCache.set(described, paths);
  }
  return paths;
}

/** A target as the route table sees it: without trailing slashes, and whether it is one of the routes. */
export function routeOf(site: SiteRoot, target: Target) {
  const trimmed = target.path.length > 1 ? target.path.replace(/\/+$/, '') : target.path;
  return { trimmed, known: site.spa && knownPaths(site.dir).has(trimmed) };
}
