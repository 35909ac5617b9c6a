/**
 * Who owns a changed file: the workspace package whose folder holds it, or, for a file outside every package, a
 * rule for the repository's own files. Documentation comes first, wherever it is: no build or test reads it.
 */
import type { WorkspacePackage } from './workspace.ts';

/** What a file outside the packages does to the apps: all of them rebuilt, all of them re-checked, or none. */
export type RootEffect = 'release' | 'check' | 'none';

export type Owner = { kind: 'package'; name: string } | { kind: 'root'; label: string; effect: RootEffect };

/** The tools, settings and lockfile every package is installed, built and linted with. */
const workspaceSetup = new Set([
  'package.json',
  'pnpm-lock.yaml',
  'pnpm-workspace.yaml',
  'tsconfig.base.json',
  'biome.jsonc',
]);
const workspaceSetupFolders = ['.ci/'];

/**
 * Files that change how the workspace is checked but not what any app builds: the unit-test projects, the test
 * floor, the ignore list Biome lints by (its VCS setting reads .gitignore) and the typecheck's list of packages.
 */
const checkSetup = new Set(['vitest.config.ts', 'test-floor.json', '.gitignore', 'tsconfig.json']);

export const documentation: Owner = { kind: 'root', label: 'documentation', effect: 'none' };

/** Markdown anywhere (a package's README too) and everything under docs/. */
export function isDocumentation(path: string): boolean {
  return /\.md$/i.test(path) || path.startsWith('docs/');
}

/** The package whose folder holds the path; the deepest one if folders were ever nested. */
export function packageOf(path: string, packages: readonly WorkspacePackage[]): WorkspacePackage | undefined {
  let owner: WorkspacePackage | undefined;
  for (const candidate of packages) {
    // The slash keeps shell-legacy/ out of shell/.
    const inside = path.startsWith(`${candidate.folder}/`);
    if (inside && (!owner || candidate.folder.length > owner.folder.length)) owner = candidate;
  }
  return owner;
}

export function ownerOf(path: string, packages: readonly WorkspacePackage[]): Owner {
  if (isDocumentation(path)) return documentation;
  const owner = packageOf(path, packages);
  if (owner) return { kind: 'package', name: owner.name };
  if (workspaceSetup.has(path) || workspaceSetupFolders.some((folder) => path.startsWith(folder))) {
    return { kind: 'root', label: 'workspace setup', effect: 'release' };
  }
  if (checkSetup.has(path)) return { kind: 'root', label: 'check setup', effect: 'check' };
  // A file no rule knows (a new top-level folder, a folder not yet in pnpm-workspace.yaml): assume the worst.
  // Rebuilding too much costs minutes; leaving out an app that the file does affect ships it unchecked.
  return { kind: 'root', label: 'outside the packages', effect: 'release' };
}
