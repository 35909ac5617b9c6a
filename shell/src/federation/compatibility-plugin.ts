import type { ModuleFederation, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { checkRemoteManifest } from 'federation/compatibility';
import { type RemoteName, remoteNames, shellImports } from 'federation/remotes';
import { IncompatibleRemoteError } from './load-errors.ts';
import { shippedSharedExports } from './shared-exports.ts';

export { IncompatibleRemoteError };

/** The singletons this shell's build registered with the runtime: package name → version. */
export function providedSingletons(instance: ModuleFederation): Record<string, string> {
  const provided: Record<string, string> = {};
  for (const [name, versions] of Object.entries(instance.options.shared)) {
    const own = versions.find((entry) => entry.from === instance.options.name && entry.shareConfig.singleton);
    if (own) provided[name] = own.version;
  }
  return provided;
}

/**
 * Checks each remote's mf-manifest.json as the runtime loads it, before the remote entry or any of its chunks
 * are fetched: an incompatible remote never runs (no crash, no second React); its slots show the fallback.
 */
export function compatibilityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-remote-compatibility',
    apply: (host) => ({
      loadRemoteSnapshot(args) {
        const { manifestJson, moduleInfo, manifestUrl } = args;
        const remote = moduleInfo.name as RemoteName;
        if (!manifestJson || !remoteNames.includes(remote)) return args;
        const problems = checkRemoteManifest(manifestJson, {
          remote,
          imports: shellImports[remote],
          provided: providedSingletons(host),
          shipped: shippedSharedExports,
          runtime: host.version,
        });
        if (problems.length > 0) {
          throw new IncompatibleRemoteError(
            `${manifestUrl ?? remote} is incompatible with this shell: ${problems.join('; ')}`,
          );
        }
        return args;
      },
    }),
  };
}
