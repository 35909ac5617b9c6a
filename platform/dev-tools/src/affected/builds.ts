/**
 * Which workspace source modules each app is made of, as its own build recorded it (build-config's
 * module-list.ts writes <app>/dist-modules/<environment>.json on every production build: the browser, Node and
 * runtime builds all count). An app without a build (the enquiry API runs its source through tsx) is made of
 * what its entry files import. A list counts only when it is of the range's end: every file it read has the
 * blob id that commit has. Otherwise (no build yet, a build of other sources) the app is decided by package,
 * as before.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importClosure, type ModuleList, moduleListFolder, readFiles } from 'build-config/module-list';

export type AppBuild =
  | {
      state: 'read';
      /** From its build's module lists, or from its entry files' imports (no build). */
      from: 'build' | 'source';
      /** Source files of the workspace its build includes, relative to the repository root. */
      modules: ReadonlySet<string>;
      /** Files its build configuration imports: a change there changes the whole build. */
      config: ReadonlySet<string>;
    }
  | { state: 'none' | 'stale'; note: string };

interface Recorded {
  modules: string[];
  config: string[];
  read: Record<string, string>;
}

/** An app's module lists, one per environment its last production build wrote; none when it wrote none. */
function moduleLists(root: string, folder: string): Recorded[] {
  const dir = join(root, folder, moduleListFolder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const list = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Partial<ModuleList>;
      if (!Array.isArray(list.modules) || !Array.isArray(list.config) || typeof list.read !== 'object') {
        throw new Error(`${folder}/${moduleListFolder}/${file} is not a module list: build ${folder} again.`);
      }
      return { modules: list.modules, config: list.config, read: list.read ?? {} };
    });
}

/** The files an app without a build runs: those its package.json scripts hand to tsx, and its exports. */
export function entryFiles(manifest: { scripts?: Record<string, string>; exports?: unknown }): string[] {
  const fromScripts = Object.values(manifest.scripts ?? {}).flatMap((command) => {
    const match = /\btsx\s+(?:watch\s+)?(\S+\.[cm]?[jt]sx?)\b/.exec(command);
    return match?.[1] ? [match[1]] : [];
  });
  const exported =
    typeof manifest.exports === 'string' ? [manifest.exports] : Object.values(manifest.exports ?? {});
  const fromExports = exported.filter((value): value is string => typeof value === 'string');
  return [...new Set([...fromScripts, ...fromExports].map((file) => file.replace(/^\.\//, '')))].sort();
}

/** What an app without a build is made of: its entry files and everything they import. */
function sourceList(root: string, folder: string): Recorded {
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8'));
  const files = importClosure(entryFiles(manifest).map((file) => join(root, folder, file)));
  const read = readFiles(root, files);
  return { modules: Object.keys(read), config: [], read };
}

/** The first file a list read with other contents than the range's end has, if any. */
function differing(lists: readonly Recorded[], end: ReadonlyMap<string, string>): string | undefined {
  for (const list of lists) {
    for (const [path, blob] of Object.entries(list.read)) if (end.get(path) !== blob) return path;
  }
  return undefined;
}

/**
 * Each app's build, by package name. `apps` pairs each app's package name with its folder; `end` holds the
 * blob id of every file at the range's end, `endName` names that revision in the notes.
 */
export function readBuilds(
  root: string,
  apps: readonly { name: string; folder: string }[],
  end: ReadonlyMap<string, string>,
  endName: string,
): Map<string, AppBuild> {
  const builds = new Map<string, AppBuild>();
  for (const { name, folder } of apps) {
    const built = existsSync(join(root, folder, 'rsbuild.config.ts'));
    const lists = built ? moduleLists(root, folder) : [sourceList(root, folder)];
    if (lists.length === 0) {
      builds.set(name, {
        state: 'none',
        note: `no build to read (pnpm build writes ${folder}/${moduleListFolder}/)`,
      });
      continue;
    }
    const changed = differing(lists, end);
    if (changed) {
      const what = built ? 'its build' : 'its source';
      builds.set(name, { state: 'stale', note: `${what} is not of ${endName} (${changed} differs)` });
      continue;
    }
    builds.set(name, {
      state: 'read',
      from: built ? 'build' : 'source',
      modules: new Set(lists.flatMap((list) => list.modules)),
      config: new Set(lists.flatMap((list) => list.config)),
    });
  }
  return builds;
}
