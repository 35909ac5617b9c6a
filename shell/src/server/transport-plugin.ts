import { loadScriptNode, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { type SsrAssetBaseOptions, ssrAssetBasePluginName } from 'build-config/ssr-asset-base';
import type { PrerenderTransport } from './transport-type.ts';

type LoadEntryArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntry']>>[0];
type RemoteEntryExports = NonNullable<LoadEntryArgs['remoteEntryExports']>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Loads a remote's Node entry as the runtime's own Node loader does (the sdk's loadScriptNode evaluates the
 * CommonJS entry and answers its container; the shell's createScript hooks may still rewrite its URL), but
 * fetched through the transport: the sdk's loader fetches through `loaderHook.lifecycle.fetch` when
 * `loaderHook.fetch` is set, and through the global fetch otherwise (sdk 2.9.2, node.js; its types name only
 * createScriptHook).
 */
async function loadNodeEntry(
  { origin, remoteInfo }: LoadEntryArgs,
  fetchFile: typeof fetch,
): Promise<RemoteEntryExports> {
  const { name, entry, entryGlobalName, type } = remoteInfo;
  const loaderHook = {
    fetch: fetchFile,
    lifecycle: { fetch: { emit: fetchFile } },
    createScriptHook: (url: string, attrs: Record<string, unknown> = {}) => {
      const answer = origin.loaderHook.lifecycle.createScript.emit({ url, attrs, remoteInfo });
      return answer && 'url' in answer ? answer : undefined;
    },
  };
  try {
    const container: unknown = await loadScriptNode(entry, {
      attrs: { name, globalName: entryGlobalName, type },
      loaderHook,
    });
    return container as RemoteEntryExports;
  } catch (error) {
    throw new Error(`${name}: its Node entry ${entry} did not load (${messageOf(error)})`);
  }
}

/**
 * What the shell adds to each remote's own runtime instance (through the options it initialises the remote
 * with). The remote's chunk loader in Node (@module-federation/node's) fetches through its instance's `fetch`
 * hook first, so its chunks come through the transport. A remote whose Node build cannot take its asset base
 * from those options (built before it could) is refused: its images would render with URLs relative to no
 * folder, so its slots are prerendered as their fallback instead, which browsers load as usual.
 */
function remoteRuntimePlugin(fetchFile: typeof fetch): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-prerender-remote-runtime',
    fetch: (url, init) => fetchFile(url, init),
    beforeInit(args) {
      const { origin } = args;
      if (!origin.options.plugins.some((plugin) => plugin.name === ssrAssetBasePluginName)) {
        throw new Error(
          `${origin.name}: its Node build takes no asset base from the shell (built before it could); ` +
            'release it again to prerender it',
        );
      }
      return args;
    },
  };
}

/**
 * The prerender's transport inside the federation runtime, in Node only (server/transport.ts registers it).
 * The shell's runtime fetches each remote's manifest through the `fetch` hook (unanswered, it would use the
 * global fetch) and loads its Node entry through `loadEntry`. The remote's own runtime then loads its chunks,
 * so the shell initialises each remote with a plugin of its own for them and with the folder its browser
 * build is served from, which the remote's ssr-asset-base plugin (build-config) makes its public path.
 */
export function prerenderTransportPlugin(transport: PrerenderTransport): ModuleFederationRuntimePlugin {
  const remoteRuntime = remoteRuntimePlugin(transport.fetch);
  return {
    name: 'shell-prerender-transport',
    // Registered before the remote map's plugins (transport.ts): for a sealed manifest the integrity plugin,
    // which fetches it through the same transport, answers after this one; the runtime reads the last answer.
    fetch: (url, init) => transport.fetch(url, init),
    loadEntry: (args) => loadNodeEntry(args, transport.fetch),
    beforeInitContainer(args) {
      const ssrAssetBase = transport.assetBases[args.remoteInfo.name];
      const forTheRemote: SsrAssetBaseOptions & { plugins: ModuleFederationRuntimePlugin[] } = {
        plugins: [remoteRuntime],
        ...(ssrAssetBase ? { ssrAssetBase } : {}),
      };
      // Changed in place: the options also carry the share scopes, in a property a copy would lose.
      Object.assign(args.remoteEntryInitOptions, forTheRemote);
      return args;
    },
  };
}
