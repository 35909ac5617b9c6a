/**
 * The workspace as `pnpm affected` sees it: every package's folder, name and the workspace packages it depends
 * on, read from pnpm-workspace.yaml and the packages' own package.json files (so the graph follows the manifests
 * rather than a copy of them), plus which packages are the deployable apps (from build-config/topology) and
 * which one is the composed e2e suite.
 */
import { relative, sep } from 'node:path';
import { findPackages } from '@pnpm/fs.find-packages';
import { readWorkspaceManifest } from '@pnpm/workspace.read-manifest';
import { enquiryApi, remoteNames, remotes, shell } from 'build-config/topology';

export interface WorkspacePackage {
  name: string;
  /** Relative to the repository root, without a trailing slash. */
  folder: string;
  /** The names of the workspace packages it depends on, in any of the three dependency fields. */
  dependsOn: string[];
}

export interface Workspace {
  packages: WorkspacePackage[];
  /** Package names of the deployable apps, in the topology's order: the shell, the remotes, the API. */
  apps: string[];
  /** Package name of the composed e2e suite: no app, but it runs against all of them together. */
  suite: string;
}

/** The apps' folders, in the topology's order; the same list the ports and the release tool use. */
export const appFolders = [
  shell.folder,
  ...remoteNames.map((name) => remotes[name].folder),
  enquiryApi.folder,
];

/** The folder of the cross-remote Playwright suite (the topology has no entry for tests). */
export const suiteFolder = 'e2e';

export interface PackageManifest {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

const dependencyFields = ['dependencies', 'devDependencies', 'peerDependencies'] as const;

/**
 * The workspace packages a package.json depends on: every entry written `workspace:…`. Dev dependencies count
 * as much as the others: build-config, for one, is a remote's dev dependency and decides its whole build.
 */
export function workspaceDependencies(manifest: PackageManifest): string[] {
  const names = new Set<string>();
  for (const field of dependencyFields) {
    for (const [name, version] of Object.entries(manifest[field] ?? {})) {
      if (version.startsWith('workspace:')) names.add(name);
    }
  }
  return [...names].sort();
}

/** The package in a folder, by name; a clear error when the topology names a folder the workspace lacks. */
function packageIn(packages: readonly WorkspacePackage[], folder: string): string {
  const found = packages.find((entry) => entry.folder === folder);
  if (!found) throw new Error(`${folder} is not a package of pnpm-workspace.yaml.`);
  return found.name;
}

/**
 * Reads the workspace at a repository root as pnpm does: pnpm-workspace.yaml's `packages:` patterns (globs such
 * as `platform/*` included) expanded by pnpm's own readers, each package with its package.json.
 */
export async function readWorkspace(root: string): Promise<Workspace> {
  const manifest = await readWorkspaceManifest(root);
  if (!manifest) throw new Error('pnpm-workspace.yaml is missing.');
  if (!manifest.packages?.length) throw new Error('pnpm-workspace.yaml has no "packages:" list.');
  const projects = await findPackages(root, { patterns: manifest.packages });
  const packages = projects
    .map(({ rootDir, manifest: project }) => {
      const folder = relative(root, rootDir).split(sep).join('/');
      if (!project.name) throw new Error(`${folder}/package.json has no "name".`);
      return { name: project.name, folder, dependsOn: workspaceDependencies(project as PackageManifest) };
    })
    .sort((a, b) => a.folder.localeCompare(b.folder));
  return {
    packages,
    apps: appFolders.map((folder) => packageIn(packages, folder)),
    suite: packageIn(packages, suiteFolder),
  };
}
