/**
 * The workspace as `pnpm affected` sees it: every package's folder, name and the workspace packages it depends
 * on, read from pnpm-workspace.yaml and the packages' own package.json files (so the graph follows the manifests
 * rather than a copy of them), plus which packages are the deployable apps (from build-config/topology) and
 * which one is the composed e2e suite.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/**
 * The folders of pnpm-workspace.yaml's `packages:` list. A small reader for this one list, not a YAML parser:
 * it takes plain folders (quoted or not, with comments) and refuses globs, which would need expanding against
 * the disk; every package here is listed by its folder.
 */
export function workspaceFolders(yaml: string): string[] {
  const lines = yaml.split(/\r?\n/);
  const start = lines.findIndex((line) => /^packages:\s*(#.*)?$/.test(line));
  if (start === -1) throw new Error('pnpm-workspace.yaml has no "packages:" list.');
  const folders: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^\s*(#.*)?$/.test(line)) continue;
    const item = /^\s+-\s+(["']?)([^"'#\s]+)\1\s*(#.*)?$/.exec(line);
    // The first line that is not a list item is the next key: the list has ended.
    if (!item?.[2]) break;
    const folder = item[2];
    if (/[*?{}[\]!]/.test(folder)) {
      throw new Error(`pnpm-workspace.yaml lists "${folder}": name each package's folder, not a glob.`);
    }
    folders.push(folder.replace(/^\.\//, '').replace(/\/+$/, ''));
  }
  return folders;
}

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

/** Reads the workspace at a repository root. */
export function readWorkspace(root: string): Workspace {
  const folders = workspaceFolders(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'));
  const packages = folders.map((folder) => {
    const file = join(folder, 'package.json');
    const manifest = JSON.parse(readFileSync(join(root, file), 'utf8')) as PackageManifest;
    if (!manifest.name) throw new Error(`${file} has no "name".`);
    return { name: manifest.name, folder, dependsOn: workspaceDependencies(manifest) };
  });
  return {
    packages,
    apps: appFolders.map((folder) => packageIn(packages, folder)),
    suite: packageIn(packages, suiteFolder),
  };
}
