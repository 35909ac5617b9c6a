/**
 * The shell's mf-manifest.json when the shell starts Module Federation at run time (shell/src/federation/
 * federation-host.ts) rather than through the build plugin, which would put the runtime into every page's first
 * script. What the platform reads from the shell's manifest is what it lends its remotes, and nothing else
 * (site-pages' contract-check.ts `shellLends`): its singletons and their versions, the Module Federation version
 * whose runtime it lends, and the exports of each narrowed shared package its copy has. This plugin writes
 * exactly that, in the build plugin's shape, from the same topology and the build's own module graph.
 */

import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { federationShared, narrowedShared } from './topology.ts';

const manifestFile = 'mf-manifest.json';

/** Package name → the installed version and the range remotes are built against, for the host's `shared`. */
export function hostSharedSingletons(
  appDir: string,
): Record<string, { version: string; requiredVersion: string }> {
  return Object.fromEntries(
    Object.entries(federationShared(appDir)).map(([name, { requiredVersion }]) => [
      name,
      { version: requiredVersion.replace(/^\^/, ''), requiredVersion },
    ]),
  );
}

/** A package's installed version, from the package.json above its entry (its exports map hides the file). */
function installedVersion(require: NodeJS.Require, name: string): string {
  let dir = dirname(require.resolve(name));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (manifest.name === name && manifest.version) return manifest.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json for ${name} above ${require.resolve(name)}`);
    dir = parent;
  }
}

/** The exports a narrowed package's module has in this build (the host lends the whole namespace). */
function exportsOf(compilation: Rspack.Compilation, entryFile: string, name: string): string[] {
  const module = [...compilation.modules].find(
    (candidate) => (candidate as { resource?: string }).resource === entryFile,
  );
  const provided = module ? compilation.moduleGraph.getProvidedExports(module) : null;
  if (!Array.isArray(provided)) {
    throw new Error(
      `${manifestFile}: the shell's build has no ${name} with a known list of exports (${entryFile}), so remotes ` +
        'could not be checked against it; does federation-host.ts lend it?',
    );
  }
  return [...provided].sort();
}

export function pluginHostManifest({
  appDir,
  environment = 'web',
}: {
  appDir: string;
  environment?: string;
}): RsbuildPlugin {
  return {
    name: 'agency:host-manifest',
    setup(api) {
      api.processAssets({ stage: 'report', environments: [environment] }, ({ compilation, sources }) => {
        const require = createRequire(join(appDir, 'package.json'));
        const pluginVersion = installedVersion(require, '@module-federation/runtime-core');
        const singletons = hostSharedSingletons(appDir);
        const sharedExports = Object.fromEntries(
          narrowedShared.map((name) => [name, exportsOf(compilation, require.resolve(name), name)]),
        );
        const manifest = {
          id: 'shell',
          name: 'shell',
          metaData: { name: 'shell', type: 'app', pluginVersion, publicPath: '/', sharedExports },
          shared: Object.entries(singletons).map(([name, { version, requiredVersion }]) => ({
            id: `shell:${name}`,
            name,
            version,
            singleton: true,
            requiredVersion,
          })),
          remotes: [],
          exposes: [],
        };
        compilation.emitAsset(manifestFile, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    },
  };
}
