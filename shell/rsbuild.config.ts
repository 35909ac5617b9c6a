import { join } from 'node:path';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildPlugin, rspack } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import {
  federationEsmAliases,
  hostSharedSingletons,
  pluginHostManifest,
  pluginModuleList,
  pluginPortableIds,
  pluginPortableNodeBuild,
  pluginSvgTextDataUri,
} from 'build-config';
import { devRemoteMap, enquiryApi, federationShared, originOf, portOf, shell } from 'build-config/topology';
import { describeSite, siteDescriptionFile } from 'federation/site-description';
import { localRuntimeConfig } from 'shared-content/site';
import { federationHostChunk } from './src/early/protocol.ts';

/** In development the shell serves the remote map and run-time config computed from the topology. */
const devFiles: Record<string, () => unknown> = {
  '/remotes.json': () => devRemoteMap(process.env),
  '/runtime.json': () => localRuntimeConfig(originOf(enquiryApi, process.env)),
};

/**
 * AGENCY_ONE_BUNDLE=1 builds the same site as one ordinary bundle, for the benchmark (scripts/bench) to measure
 * what federation costs: no Module Federation plugin, and remote-registry.ts swapped for a registry that
 * imports the remotes' exposed modules from their source. Output goes to dist-one-bundle/, never dist/.
 */
const oneBundle = process.env.AGENCY_ONE_BUNDLE === '1';

const federationOptions = {
  name: 'shell',
  // No remotes at build time: they are registered at run time from remotes.json.
  remotes: {},
  shared: federationShared(import.meta.dirname),
  // One unreachable remote must not fail the shell's start (the default loads every remote entry first).
  shareStrategy: 'loaded-first',
  dts: false,
} as const;

/**
 * The shell's Node build, for the prerender step (platform/pages/src/prerender): src/server/index.ts renders a path to
 * HTML, loading the remotes' Node builds through the same federation runtime. It goes to dist-server/ (the
 * one-bundle build's to dist-one-bundle-server/), which is published beside the shell but never served.
 */
const serverEnvironment = {
  source: { entry: { index: './src/server/index.ts' } },
  output: {
    target: 'node',
    distPath: { root: oneBundle ? 'dist-one-bundle-server' : 'dist-server' },
    // The browser build's files are the ones pages link to; this build only renders.
    emitAssets: false,
    minify: false,
  },
} as const;

/**
 * The page loader (src/early/): the first script of every prerendered page, which holds early input and starts
 * the other scripts. A plain script of its own with no federation, written beside the browser build.
 */
const loaderEnvironment = {
  source: { entry: { 'page-loader': './src/early/index.ts' } },
  output: {
    target: 'web',
    distPath: { root: oneBundle ? 'dist-one-bundle' : 'dist' },
    cleanDistPath: false,
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
  tools: { htmlPlugin: false },
} as const;

/**
 * The packages the shell runs at start, the singletons it provides and what they import, in one chunk. Module
 * Federation gives a shared module two async chunks: the one its provider loads and the fallback a consumer
 * would load without a provider. Where their dependencies differ (react-dom, site-router, emotion's) they were
 * separate files with the same code, and the preloads fetched both; in one named chunk they are one file.
 */
const startupPackages = {
  // The federation runtime is not started with the page: it is the federation host's own chunk.
  [federationHostChunk]: {
    test: /[\\/]node_modules[\\/]\.pnpm[\\/]@module-federation\+|[\\/]node_modules[\\/]@module-federation[\\/]/,
    name: federationHostChunk,
    chunks: 'async' as const,
    enforce: true,
    priority: 40,
  },
  // The web-vitals library is the after-idle reporter's alone (src/telemetry/web-vitals-report.ts): in the
  // start-up chunk it would be 1.6 kB more before idle.
  'web-vitals': {
    test: /[\\/]node_modules[\\/](\.pnpm[\\/]web-vitals@|web-vitals[\\/])/,
    name: 'web-vitals',
    chunks: 'async' as const,
    enforce: true,
    priority: 35,
  },
  'shared-packages': {
    test: /[\\/]node_modules[\\/]|[\\/]site-router[\\/]src[\\/]/,
    name: 'shared-packages',
    chunks: 'async' as const,
    enforce: true,
    priority: 30,
  },
};

/**
 * site.json: what this shell build says of itself (its routes, its 404 page, the exposes it imports), which the
 * host reads from the deploy instead of its own checkout (federation/site-description.ts): a shell released over
 * HTTP brings its routes with it.
 */
const pluginSiteDescription = (): RsbuildPlugin => ({
  name: 'agency:site-description',
  setup(api) {
    api.processAssets({ stage: 'additional', environments: ['web'] }, ({ compilation, sources }) => {
      const text = `${JSON.stringify(describeSite(), null, 2)}\n`;
      compilation.emitAsset(siteDescriptionFile, new sources.RawSource(text));
    });
  },
});

/**
 * In the browser the shell is an ordinary bundle that becomes a Module Federation host only when a section first
 * needs its remote's code (src/federation/federation-host.ts starts the runtime then, lending the shell's own
 * singletons). With the build plugin every page's first script would carry the runtime, although most sections
 * need no code at all. The prerender's Node build keeps the plugin: it renders every section with its code.
 */
const federation = [
  pluginModuleFederation(federationOptions, { target: 'node', environment: 'node' }),
  // The same source gives the same Node build in any checkout (build-config's node-build.ts), with the same
  // module and chunk ids (portable-ids.ts; the browser build, without federation, has no module that needs it).
  pluginPortableNodeBuild(),
  pluginPortableIds({ environments: ['node'] }),
  // mf-manifest.json: what the shell lends its remotes (singletons, runtime version, site-router's exports), which
  // the contract check, the release tool and the page generator check remotes against.
  pluginHostManifest({ appDir: import.meta.dirname }),
  // dist-modules/: the source files each environment is built from, which `pnpm affected` reads.
  pluginModuleList(),
];

export default defineConfig({
  // The SVG plugin matters to the one-bundle build, which inlines mf-marketing's images as the remote does.
  plugins: oneBundle
    ? [pluginReact(), pluginSvgTextDataUri(), pluginSiteDescription()]
    : [pluginReact(), pluginSvgTextDataUri(), pluginSiteDescription(), ...federation],
  environments: {
    web: {
      source: { entry: { index: './src/index.ts' } },
      html: { template: './index.html' },
      ...(oneBundle
        ? { output: { distPath: { root: 'dist-one-bundle' } } }
        : {
            resolve: { alias: federationEsmAliases() },
            performance: {
              chunkSplit: {
                strategy: 'split-by-experience',
                override: { cacheGroups: startupPackages },
              },
            },
          }),
    },
    node: serverEnvironment,
    loader: loaderEnvironment,
  },
  ...(oneBundle
    ? {
        tools: {
          rspack: {
            plugins: [
              new rspack.NormalModuleReplacementPlugin(
                /[\\/]remote-registry\.ts$/,
                join(import.meta.dirname, 'src/federation/one-bundle-registry.ts'),
              ),
              // No federation runtime to register the prerender's transport plugin with.
              new rspack.NormalModuleReplacementPlugin(
                /[\\/]server[\\/]transport\.ts$/,
                join(import.meta.dirname, 'src/server/one-bundle-transport.ts'),
              ),
            ],
          },
        },
      }
    : {
        // Every async chunk of the shell but one is needed at start (the bootstrap and the packages it runs), so
        // the HTML preloads them beside the entry instead of the entry discovering them after it has run. The
        // federation host is the exception: it is fetched only when a section first needs its remote's code.
        // Fonts are left to the page generator, which preloads only the core face (platform/pages/src/pages/preload.ts).
        // The shell's one stylesheet is its @font-face rules, which prerendered pages carry inline, so the
        // bootstrap loads it only on a page without them (src/bootstrap.tsx): no need to preload it.
        // The font-faces chunk only serves a page without inline faces, so it is not preloaded either.
        performance: {
          preload: {
            type: 'async-chunks',
            exclude: [
              /\.woff2$/,
              /\.css$/,
              /[\\/]font-faces\./,
              // The preview banner: loaded only in a browser holding a preview (src/preview/PreviewBannerSlot.tsx).
              /[\\/]preview-banner\./,
              // The team's page devtools, loaded from the banner's chunk when opened (src/devtools/).
              /[\\/]devtools-panel\./,
              // The Web Vitals reporter, loaded after idle (src/bootstrap.tsx): preloading it would put it before.
              /[\\/]web-vitals\./,
              new RegExp(`[\\\\/]${federationHostChunk}\\.`),
            ],
          },
        },
      }),
  // What federation-host.ts lends, from the same topology the remotes are built against.
  source: { define: { SHELL_SHARED_SINGLETONS: JSON.stringify(hostSharedSingletons(import.meta.dirname)) } },
  // Fonts stay files, however small (the ₹ face is 1.2 kB): the site's CSP loads fonts from its own origin only.
  output: { dataUriLimit: { font: 0 } },
  // Dynamic imports are compiled eagerly in development too: built on demand, the singletons behind the
  // bootstrap's boundary were not there when the manifest was written, and the shared-surface plugin could
  // not read which site-router exports the shell ships (the dev server failed at its first build).
  dev: { lazyCompilation: false },
  server: {
    port: portOf(shell, process.env),
    strictPort: true,
    setup: ({ server }) => {
      server.middlewares.use((req, res, next) => {
        const file = req.url ? devFiles[req.url.split('?')[0] ?? ''] : undefined;
        if (!file) return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(JSON.stringify(file()));
      });
    },
  },
});
