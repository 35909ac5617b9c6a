/**
 * A Module Federation runtime plugin built into each remote's Node build (see node-build.ts). In the browser a
 * remote's files load from wherever its manifest was fetched ('auto' public path); Node has no such thing, so
 * the host that prerenders names the folder the remote's browser files are served from in the options it
 * initialises the remote with (runtime-core hands them to the remote's own runtime, whose beforeInit sees them
 * as userOptions). Image URLs rendered in Node then equal the ones the browser computes, so hydration matches,
 * and the remote's chunks (under ssr/ beside them) resolve from there too.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What a prerendering host adds to a remote's init options (shell/src/server/transport-plugin.ts). */
export interface SsrAssetBaseOptions {
  /** The URL of the folder holding the remote's browser build (ends with "/"). */
  ssrAssetBase?: string;
}

/**
 * The plugin's name says a host may pass the base in the init options (shell/src/server/transport-plugin.ts
 * checks it). Remote builds from before carry 'agency-ssr-asset-base', which read the base from a global
 * (__AGENCY_SSR_ASSET_BASES__) that no prerenderer sets any more.
 */
export const ssrAssetBasePluginName = 'agency-ssr-asset-base-from-init-options';

declare const __webpack_require__: { p: string };

export default function ssrAssetBasePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: ssrAssetBasePluginName,
    beforeInit(args) {
      // Called when the remote's runtime starts (no base yet), then when a host initialises the container.
      const { ssrAssetBase } = args.userOptions as SsrAssetBaseOptions;
      if (ssrAssetBase) __webpack_require__.p = ssrAssetBase;
      return args;
    },
  };
}
