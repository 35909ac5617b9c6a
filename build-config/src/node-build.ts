/**
 * The Node build of a remote, beside its browser build, for the prerender step: the same exposes and shared
 * singletons, compiled for Node as CommonJS into dist/ssr/. The browser manifest names it
 * (metaData.ssrRemoteEntry), so the Module Federation runtime in Node finds it from the same remote map the
 * browser reads, and a release of the remote carries both builds in one versioned folder.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { moduleFederationPlugin } from '@module-federation/sdk';
import type { EnvironmentConfig, RsbuildPlugin } from '@rsbuild/core';

export const ssrFolder = 'ssr';
export const ssrEntryFile = 'remoteEntry.js';

type FederationOptions = moduleFederationPlugin.ModuleFederationPluginOptions;

export function nodeFederation(browser: FederationOptions): FederationOptions {
  return {
    ...browser,
    filename: `${ssrFolder}/${ssrEntryFile}`,
    // The browser build's manifest is the one the remote map points at; it names this build's entry.
    manifest: false,
    runtimePlugins: [join(import.meta.dirname, 'ssr-asset-base-plugin.ts')],
  };
}

export function nodeEnvironment(): EnvironmentConfig {
  return {
    source: { entry: { index: join(import.meta.dirname, 'node-entry.ts') } },
    output: {
      target: 'node',
      // Beside the browser build, its files under ssr/: in Node the remote's public path is the browser build's
      // folder (ssr-asset-base-plugin.ts), from which both its images and these chunks resolve.
      distPath: { root: 'dist', js: ssrFolder, jsAsync: ssrFolder },
      filename: { js: '[name].js' },
      // Images and fonts are the browser build's: rendered URLs point at those files.
      emitAssets: false,
      minify: false,
      cleanDistPath: false,
    },
  };
}

/**
 * A concatenated module names each module it imports in a comment, a shared one by the absolute path of its
 * fallback (…/node_modules/.pnpm/react@…/index.js). The Node build is not minified, so those comments stayed in
 * it: the same source built in another checkout (a team's CI, a second clone) gave another Node build and so
 * another release version. Modules are left unconcatenated in that build (a prerender step needs no scope
 * hoisting). Rspack prints the comment whatever `output.pathinfo` says, and a remote's `tools.rspack` for the
 * environment is replaced by Module Federation's, hence a plugin.
 */
export function pluginPortableNodeBuild(environment = 'node'): RsbuildPlugin {
  return {
    name: 'agency:portable-node-build',
    setup(api) {
      api.modifyRspackConfig((config, { environment: { name } }) => {
        if (name !== environment) return;
        config.optimization = { ...config.optimization, concatenateModules: false };
      });
    },
  };
}

/** Writes the Node entry into the browser build's mf-manifest.json once both builds are done. */
export function pluginSsrManifestEntry(): RsbuildPlugin {
  return {
    name: 'agency:ssr-manifest-entry',
    setup(api) {
      api.onAfterBuild(() => {
        const file = join(api.context.distPath, 'mf-manifest.json');
        const manifest = JSON.parse(readFileSync(file, 'utf8')) as { metaData: Record<string, unknown> };
        manifest.metaData.ssrRemoteEntry = { name: ssrEntryFile, path: ssrFolder, type: 'commonjs-module' };
        writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
      });
    },
  };
}
