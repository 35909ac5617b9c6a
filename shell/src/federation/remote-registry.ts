import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { fetchConfigFile, onceUntilFailure } from '../config/fetch-config.ts';
import type { RemoteName } from './imports.ts';
import { parseRemoteMap, type RemoteMap } from './remote-map.ts';

/** Fetches remotes.json and registers every remote with the runtime instance the build plugin created. */
export const loadRemoteMap: () => Promise<RemoteMap> = onceUntilFailure(async () => {
  const map = parseRemoteMap(await fetchConfigFile('/remotes.json'));
  registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
  return map;
});

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** A function component, or a memo/forwardRef object. */
function isComponent(value: unknown): boolean {
  return typeof value === 'function' || (typeof value === 'object' && value !== null && '$$typeof' in value);
}

/**
 * Loads one exposed component. On a retry the remote is registered again with `force`, which drops the
 * runtime's cached (failed) entry, so a remote that came back is really fetched again.
 */
export async function loadExposedComponent(
  remote: RemoteName,
  module: string,
  attempt: number,
): Promise<{ default: ComponentType<object> }> {
  const map = await loadRemoteMap();
  const entry = map[remote];
  if (!entry) throw new RemoteLoadError(`No manifest URL for ${remote} in remotes.json`);
  if (attempt > 0) registerRemotes([{ name: remote, entry }], { force: true });
  const exposed = await loadRemote<{ default?: unknown }>(`${remote}/${module}`);
  if (!exposed || !isComponent(exposed.default)) {
    throw new RemoteLoadError(`${remote}/${module} did not provide a component`);
  }
  return exposed as { default: ComponentType<object> };
}
