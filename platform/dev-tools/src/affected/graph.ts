/**
 * The workspace packages an app depends on, and how. Apps are never bundled into one another: the shell loads
 * the remotes at run time from remotes.json, and the enquiry API is a process of its own. So what an app
 * reaches only through another app (the shell reaches each remote through the federation package and its own
 * dev dependencies) is the types of that app's exposes, which its typecheck and the contract check read, never
 * code it ships. A change there means re-checking the app, not releasing it.
 */
import type { WorkspacePackage } from './workspace.ts';

/** release: the app builds from the package; check: it only typechecks against it (through another app). */
export type Reach = 'release' | 'check';

/**
 * Every package the app reaches through workspace dependencies, transitively, itself included. A package is
 * 'release' when some path to it passes through no other app, 'check' when every path does.
 */
export function reachOf(
  app: string,
  packages: readonly WorkspacePackage[],
  apps: ReadonlySet<string>,
): Map<string, Reach> {
  const dependsOn = new Map(packages.map((entry) => [entry.name, entry.dependsOn]));
  const reach = new Map<string, Reach>([[app, 'release']]);
  const queue: [string, Reach][] = [[app, 'release']];
  // A package is queued again only when it rises from 'check' to 'release', so a cycle still ends.
  for (const [name, how] of queue) {
    for (const dependency of dependsOn.get(name) ?? []) {
      const next: Reach = how === 'check' || apps.has(dependency) ? 'check' : 'release';
      const known = reach.get(dependency);
      if (known === 'release' || known === next) continue;
      reach.set(dependency, next);
      queue.push([dependency, next]);
    }
  }
  return reach;
}

/** Every package something depends on, transitively, itself included (for the e2e suite, which runs them all). */
export function dependencyClosure(name: string, packages: readonly WorkspacePackage[]): Set<string> {
  return new Set(reachOf(name, packages, new Set()).keys());
}
