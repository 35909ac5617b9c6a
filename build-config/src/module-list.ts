/**
 * Each production build writes which workspace source files it is made of, so `pnpm affected` can release only
 * the apps whose builds include a changed module (a copy change in shared-content/src/portfolio/ releases
 * mf-portfolio, not every app that depends on shared-content). One file per environment (the browser, Node and
 * runtime builds all count), in the app's dist-modules/, beside dist/ rather than in it: dist/ is published and
 * served, and a list of source paths is nothing a visitor needs.
 *
 * Each list also records the Git blob id of every file as the build read it, so a reader can tell whether the
 * build is of the commit it is asked about (platform/dev-tools/src/affected/builds.ts) and ignore a stale one.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { importClosure } from './import-closure.ts';

export { importClosure };

export const moduleListFolder = 'dist-modules';

export interface ModuleList {
  environment: string;
  /** Workspace source files compiled into this build, relative to the repository root. */
  modules: string[];
  /** Workspace files the build's configuration imports (rsbuild.config.ts and what it reaches). */
  config: string[];
  /** Every workspace file the build read (the above, package.json files, templates), with its Git blob id. */
  read: Record<string, string>;
}

/** The id Git gives a file's content (`git hash-object`), so a list can be compared with any commit's tree. */
export function gitBlobId(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** The repository root: the nearest folder above `from` that holds pnpm-workspace.yaml. */
export function workspaceRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'pnpm-workspace.yaml'))) return folder;
    if (dirname(folder) === folder) throw new Error(`No pnpm-workspace.yaml above ${from}.`);
  }
}

/** A path relative to the root with forward slashes, or undefined for a file outside it or a third party's. */
export function workspacePath(root: string, file: string): string | undefined {
  const path = relative(root, file).split(sep).join('/');
  if (path.startsWith('../') || path.includes('node_modules/') || !existsSync(file)) return undefined;
  return statSync(file).isFile() ? path : undefined;
}

/** The workspace files among `files`, each with its blob id, by path. */
export function readFiles(root: string, files: Iterable<string>): Record<string, string> {
  const read: Record<string, string> = {};
  for (const file of files) {
    const path = workspacePath(root, file);
    if (path) read[path] = gitBlobId(readFileSync(file));
  }
  return read;
}

/**
 * The resources of the modules a compilation emits, those inside concatenated modules too. A module in no chunk
 * is left out: the bundler parsed it (a barrel re-exports it) but, side-effect free and unused, dropped it, so a
 * change to it cannot change this build. That is what keeps the route table out of the remotes' lists: they
 * import link paths from the same `shared-content/site` barrel.
 */
function moduleResources(compilation: Rspack.Compilation): Set<string> {
  const resources = new Set<string>();
  const visit = (module: Rspack.Module) => {
    const { resource } = module as { resource?: string };
    if (resource) resources.add(resource.split('?')[0] ?? resource);
    for (const inner of (module as { modules?: Rspack.Module[] }).modules ?? []) visit(inner);
  };
  const emitted = (module: Rspack.Module) => {
    for (const _chunk of compilation.chunkGraph.getModuleChunksIterable(module)) return true;
    return false;
  };
  for (const module of compilation.modules) if (emitted(module)) visit(module);
  return resources;
}

export function moduleListOf(
  root: string,
  environment: string,
  compilation: Rspack.Compilation,
  configFiles: readonly string[],
): ModuleList {
  const modules = [...moduleResources(compilation)];
  const sorted = (files: Iterable<string>) =>
    [...files].flatMap((file) => workspacePath(root, file) ?? []).sort();
  return {
    environment,
    modules: [...new Set(sorted(modules))],
    config: sorted(configFiles),
    read: readFiles(root, [...compilation.fileDependencies, ...modules, ...configFiles].sort()),
  };
}

/**
 * Writes dist-modules/<environment>.json after each environment of a production build. Not in development:
 * there the remotes compile lazily, so a list would miss what nobody has opened yet.
 */
export function pluginModuleList(): RsbuildPlugin {
  return {
    name: 'agency:module-list',
    setup(api) {
      if (api.context.action !== 'build') return;
      const root = workspaceRoot(api.context.rootPath);
      const config = api.context.configFile;
      // Rsbuild lists a configuration's imports only where Node loads TypeScript natively (Node 22 and later).
      const configFiles = config
        ? importClosure([config, ...api.context.configFileDependencies], { dynamic: false })
        : [];
      api.onAfterEnvironmentCompile(({ stats, environment }) => {
        if (!stats || stats.hasErrors()) return;
        const list = moduleListOf(root, environment.name, stats.compilation, configFiles);
        const folder = join(api.context.rootPath, moduleListFolder);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, `${environment.name}.json`), `${JSON.stringify(list, null, 2)}\n`);
      });
    },
  };
}
