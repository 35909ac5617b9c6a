/**
 * The one-bundle build's stand-in for transport.ts (swapped in by shell/rsbuild.config.ts when
 * AGENCY_ONE_BUNDLE=1, beside one-bundle-registry.ts): that build has no federation runtime to give plugins
 * to, and its remote modules are part of it, so the prerender's transport only serves the shell's own fetches.
 */
import { setShellFetch } from '../config/fetch-config.ts';
import type { PrerenderTransport } from './transport-type.ts';

export type { PrerenderTransport };

export function bindTransport(transport: PrerenderTransport): void {
  setShellFetch(transport.fetch);
}
