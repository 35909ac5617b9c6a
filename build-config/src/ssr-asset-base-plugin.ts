/**
 * A Module Federation runtime plugin built into each remote's Node build (see node-build.ts). In the browser a
 * remote's files load from wherever its manifest was fetched ('auto' public path); Node has no such thing, so
 * the prerender step names, per remote, the folder its browser files are served from, before the remote's
 * entry runs. Image URLs rendered in Node then equal the ones the browser computes, so hydration matches.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Set by the prerenderer: remote name → the URL of the folder holding its browser build (ends with "/"). */
export const assetBasesGlobal = '__AGENCY_SSR_ASSET_BASES__';

declare const __webpack_require__: { p: string };

export default function ssrAssetBasePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'agency-ssr-asset-base',
    beforeInit(args) {
      const bases = (globalThis as Record<string, unknown>)[assetBasesGlobal] as
        | Record<string, string>
        | undefined;
      const base = bases?.[args.options.name];
      if (base) __webpack_require__.p = base;
      return args;
    },
  };
}
