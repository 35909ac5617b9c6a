import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import type { BuildSettings } from './build-settings.ts';
import { type ExposeDeclaration, federationExposes } from './contract.ts';
import { federationEsmAliases } from './esm-runtime-alias.ts';
import { pluginExposeProps } from './expose-props-plugin.ts';
import {
  afterRuntimeBuild,
  remoteBrowserExperiments,
  runtimeEnvironment,
  runtimeEnvironmentName,
  runtimeScriptTag,
} from './external-runtime.ts';
import { hostSharedSingletons, pluginHostManifest } from './host-manifest-plugin.ts';
import { pluginModuleList } from './module-list.ts';
import {
  nodeEnvironment,
  nodeFederation,
  pluginPortableNodeBuild,
  pluginSsrManifestEntry,
} from './node-build.ts';
import { pluginPortableIds } from './portable-ids.ts';
import { pluginSharedSurface } from './shared-surface-plugin.ts';
import { pluginStableSriOrder } from './stable-sri-order.ts';
import { pluginSvgTextDataUri } from './svg-data-uri.ts';
import { enquiryApi, federationShared, originAt, portAt, type RemoteName, remotes } from './topology.ts';

export { type BuildSettings, buildSettings } from './build-settings.ts';
export {
  federationEsmAliases,
  hostSharedSingletons,
  pluginHostManifest,
  pluginModuleList,
  pluginPortableIds,
  pluginPortableNodeBuild,
  pluginSharedSurface,
  pluginSvgTextDataUri,
};

export interface RemoteConfigOptions {
  name: RemoteName;
  /** The remote's folder (pass import.meta.dirname). */
  appDir: string;
  /** The remote's declared exposes (src/exposes.ts): each is exposed as "./<Name>" from its file. */
  exposes: Record<string, Pick<ExposeDeclaration, 'file' | 'props'>>;
  /** What the build takes from its environment: `buildSettings(process.env)` in the remote's rsbuild.config.ts. */
  settings: BuildSettings;
}

/**
 * The rsbuild config every remote uses, so the three stay identical in what matters to the shell:
 * singletons, asset prefix, port and CORS. A remote's own config only names itself and its exposes.
 */
export function defineRemoteConfig({ name, appDir, exposes, settings }: RemoteConfigOptions): RsbuildConfig {
  const federation = {
    name,
    exposes: federationExposes(exposes),
    shared: federationShared(appDir),
    // Types are shared through the workspace (the remote's src/exposes.ts), not downloaded at build time.
    dts: false,
  };
  // pnpm dev <remote> --against a site: this dev server's code runs inside a production shell, whose shared React
  // is React's production build. JSX compiled for the development build (jsxDEV, Fast Refresh) calls what that
  // build does not have, so this dev server compiles JSX, and picks packages' code, as a production build does.
  const { againstProduction } = settings;
  return defineConfig({
    plugins: [
      pluginReact(
        againstProduction
          ? { fastRefresh: false, swcReactOptions: { development: false, refresh: false } }
          : {},
      ),
      pluginSvgTextDataUri(),
      pluginModuleFederation(
        { ...federation, experiments: remoteBrowserExperiments },
        { environment: 'web' },
      ),
      // The same exposes built for Node, for the prerender step (node-build.ts).
      pluginModuleFederation(nodeFederation(federation), { target: 'node', environment: 'node' }),
      pluginSsrManifestEntry(),
      // metaData.exposeProps: the props each expose is rendered with, for the release gates.
      pluginExposeProps(exposes),
      pluginPortableNodeBuild(),
      // The same source gives the same bytes: the SRI map in each entry is written in chunk-id order.
      pluginStableSriOrder(),
      // ...and in any checkout: no module or chunk id depends on where the checkout is (portable-ids.ts).
      pluginPortableIds(),
      // metaData.sharedImports: which exports of site-router the remote's code imports, checked against the shell.
      pluginSharedSurface(),
      // dist-modules/: the source files each environment is built from, which `pnpm affected` reads.
      pluginModuleList(),
    ],
    source: {
      // Only the standalone showcase page reads this; composed in the shell, remotes get runtime.json's values.
      define: { 'process.env.LOCAL_API_ORIGIN': JSON.stringify(originAt(enquiryApi, settings.portBase)) },
    },
    // React's production files, as the shell's shared React is (see againstProduction above).
    ...(againstProduction ? { tools: { rspack: { optimization: { nodeEnv: 'production' } } } } : {}),
    environments: {
      web: {
        source: { entry: { index: './src/index.ts' } },
        html: { template: './index.html', tags: [runtimeScriptTag] },
        resolve: { alias: federationEsmAliases() },
        // Every chunk the remote entry loads carries its SHA-384 in the entry's runtime, which sets it as the
        // script's integrity: a chunk altered on the remote's origin is refused by the browser. The entry's own
        // hash is recorded by the release (platform/releases/src/changes/release.ts) and checked by the shell.
        // (It also loads them with crossorigin="anonymous", which integrity needs on another origin.)
        // In production only ('auto'): the dev server keeps files in memory, where the SRI plugin cannot read the
        // runtime script to hash it, and the shell checks no integrity in development.
        security: { sri: { enable: 'auto', algorithm: 'sha384' } },
        tools: { rspack: afterRuntimeBuild },
      },
      [runtimeEnvironmentName]: runtimeEnvironment(),
      node: nodeEnvironment(),
    },
    // 'auto': chunks load from wherever the manifest was fetched, not from the shell's origin.
    // Emptied before a production build only: a dev server writes nothing there, and emptying it would take away
    // the production build that `pnpm serve`, `npm start --no-build` and the e2e suite publish.
    output: { assetPrefix: 'auto', cleanDistPath: !settings.development },
    // Compiled whole from the start: Rsbuild compiles dynamic imports lazily in development by default, and a
    // remote's manifest then lists its shared modules (react-dom among them) only once someone has opened a page
    // that imports them, so the shell refused every remote on a fresh `pnpm dev`.
    dev: { assetPrefix: 'auto', lazyCompilation: false },
    server: {
      port: portAt(remotes[name], settings.portBase),
      strictPort: true,
      // The shell on another origin fetches the manifest; public static files, so any origin may.
      headers: { 'Access-Control-Allow-Origin': '*' },
    },
  });
}
