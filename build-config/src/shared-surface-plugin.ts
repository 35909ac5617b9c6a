/**
 * Records in the browser build's mf-manifest.json what a narrowed shared package (topology.ts `narrowedShared`)
 * is used for, so a remote that imports an export the deployed shell does not ship is refused before it runs
 * (federation/src/compatibility.ts, by the contract check, the release tool and the shell at run time):
 *
 * - a remote's manifest: `metaData.sharedImports`, which exports of each package its bundled code imports;
 * - the shell's manifest: `metaData.sharedExports`, which exports its copy of each package has (and lends),
 *   written with the shell's manifest by host-manifest-plugin.ts.
 *
 * Both come from the build itself, rspack's module graph, not from a list kept by hand (shared-surface.ts).
 */
import type { RsbuildPlugin, Rspack } from '@rsbuild/core';
import { importedExports, type ModuleReference, sharedPackageOf } from './shared-surface.ts';
import { narrowedShared } from './topology.ts';

const manifestFile = 'mf-manifest.json';

/** The module a shared module stands for: a consume-shared module's fallback, a provide-shared module's package. */
function packageModule(compilation: Rspack.Compilation, shared: Rspack.Module): Rspack.Module | null {
  const connection = compilation.moduleGraph
    .getOutgoingConnections(shared)
    .find(({ dependency }) =>
      ['consume shared fallback', 'provide module for shared'].includes(dependency.type),
    );
  return connection?.module ?? null;
}

function providedExports(compilation: Rspack.Compilation, module: Rspack.Module | null): string[] | null {
  const provided = module ? compilation.moduleGraph.getProvidedExports(module) : null;
  return Array.isArray(provided) ? [...provided].sort() : null;
}

/** metaData.sharedImports: per narrowed package, the exports this build's code imports through the share scope. */
function sharedImports(compilation: Rspack.Compilation): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const name of narrowedShared) {
    const references: ModuleReference[] = [];
    let packageExports: string[] | null = null;
    for (const module of compilation.modules) {
      const shared = sharedPackageOf(module.identifier());
      if (shared?.kind !== 'consume' || shared.name !== name) continue;
      packageExports ??= providedExports(compilation, packageModule(compilation, module));
      for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
        // Code the build dropped (an unused import of a side-effect-free module) uses nothing.
        if (connection.getActiveState(undefined) === false) continue;
        references.push({ type: connection.dependency.type, ids: connection.dependency.ids });
      }
    }
    result[name] = importedExports(references, packageExports);
  }
  return result;
}

/**
 * For a remote (the shell's exports are written with its manifest by host-manifest-plugin.ts). Runs on the
 * browser build (the manifest the remote map points at) after Module Federation has written its manifest, in
 * development too.
 */
export function pluginSharedSurface({ environment = 'web' }: { environment?: string } = {}): RsbuildPlugin {
  return {
    name: 'agency:shared-surface',
    setup(api) {
      api.processAssets({ stage: 'report', environments: [environment] }, ({ compilation, sources }) => {
        const asset = compilation.getAsset(manifestFile);
        if (!asset) return;
        const manifest = JSON.parse(asset.source.source().toString()) as {
          metaData: Record<string, unknown>;
        };
        manifest.metaData.sharedImports = sharedImports(compilation);
        compilation.updateAsset(
          manifestFile,
          new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
        );
      });
    },
  };
}
