import { registerPlugins } from '@module-federation/enhanced/runtime';
import { setShellFetch } from '../config/fetch-config.ts';
import { prerenderTransportPlugin } from './transport-plugin.ts';
import type { PrerenderTransport } from './transport-type.ts';

let bound: PrerenderTransport | undefined;

/**
 * Routes what the shell fetches (remotes.json, runtime.json, the manifests it checks) and what the federation
 * runtime loads (manifests, entries, the remotes' chunks) through the transport. The runtime keeps what it
 * loaded and the plugins it was given for the life of the process, so one transport serves every page:
 * another one would be ignored by the runtime, so it is refused.
 */
export function bindTransport(transport: PrerenderTransport): void {
  if (bound === transport) return;
  if (bound) throw new Error('The shell’s Node build renders through one transport per process');
  bound = transport;
  setShellFetch(transport.fetch);
  // Before the first render, so before remote-registry.ts registers the plugins that check the remotes.
  registerPlugins([prerenderTransportPlugin(transport)]);
}
