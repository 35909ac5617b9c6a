import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { exposedComponent, isComponent } from 'build-config/contract';
import { type RemoteMap, type ResolvedRemoteMap, urlsAndIntegrity } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { retryPolicy } from 'federation/retry-policy';
import type { ComponentType } from 'react';
import type { LoadFailureReason } from 'shared-content/enquiry/telemetry-contract';
import { onceUntilFailure, shellFetch } from '../config/fetch-config.ts';
import { createBackgroundRetry } from './background-retry.ts';
import { createIntegrityState, IntegrityError } from './integrity-plugin.ts';
import { IncompatibleRemoteError } from './load-errors.ts';
import { devOverride, fetchResolvedRemoteMap, mapIntegrity } from './remote-map-source.ts';
import { RemoteReload } from './remote-reload.ts';
import { createRemoteRetry } from './retry-plugin.ts';

/** How a failed load is retried before the slot shows its fallback (federation/src/retry-policy.ts). */
export { retryPolicy };

/**
 * What remotes.json says each remote's released files are (their SHA-384s), and the plugin that checks them;
 * it fetches each manifest as the shell fetches remotes.json (through the prerender's transport in Node).
 */
const integrity = createIntegrityState(console.error, shellFetch, {
  sealedOnly: mapIntegrity === 'required',
  devOverride,
});

/** The federation host once started: every registration after the first load goes to it. */
let started: ModuleFederation | null = null;

/**
 * The federation host (federation-host.ts), downloaded and started the first time a section needs its code, with
 * the plugins that check each remote's released bytes before any code runs and retry its loading (the host adds
 * the compatibility check before them). A page whose sections need no code never downloads it.
 */
const federationHost: () => Promise<ModuleFederation> = onceUntilFailure(async () => {
  const { startHost } = await import(/* webpackChunkName: "federation-host" */ './federation-host.ts');
  started = startHost([integrity.plugin(), retry.plugin]);
  return started;
});

/** Reads remotes.json (for the health beacons' versions too); the page's first read is kept. */
export const loadRemoteMap: () => Promise<RemoteMap> = onceUntilFailure(readRemoteMapFile);

/** Registers every remote of the map with the host, once: the map and the host are fetched side by side. */
const registeredRemotes: () => Promise<{ host: ModuleFederation; map: RemoteMap }> = onceUntilFailure(
  async () => {
    const [map, host] = await Promise.all([loadRemoteMap(), federationHost()]);
    host.registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
    for (const [name, entry] of Object.entries(map)) reloadOf(name as RemoteName).registeredAt(entry);
    return { host, map };
  },
);

/** The versions this visitor loads, from the last map read (for the health beacons). */
let resolved: ResolvedRemoteMap = {};

/** The version of a remote this visitor loads, once the map has been read. */
export const remoteVersion = (remote: RemoteName): string | undefined => resolved[remote]?.version;

/** Reads remotes.json for this visitor's bucket and tells the integrity check what it says. */
async function readRemoteMapFile(): Promise<RemoteMap> {
  resolved = await fetchResolvedRemoteMap();
  const { urls, integrity: manifests } = urlsAndIntegrity(resolved);
  integrity.setRemoteMap(urls, manifests);
  return urls;
}

/**
 * A visitor's Retry reads remotes.json again: a rollback or a release made since the page loaded is what it
 * should load (the page's first map when the file cannot be read now).
 */
async function mapForRetry(): Promise<RemoteMap> {
  const { map: first } = await registeredRemotes();
  try {
    return await readRemoteMapFile();
  } catch {
    return first;
  }
}

/** A failure that loading again cannot fix (no entry in the map, no component behind the expose). */
export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/** An attempt that did not finish within retryPolicy.attemptTimeoutMs. */
export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
}

const isTransient = (error: unknown) =>
  !(error instanceof IncompatibleRemoteError) &&
  !(error instanceof RemoteLoadError) &&
  !(error instanceof IntegrityError);

/**
 * Why a slot's load finally failed (after the retries), as the health beacons report it: refused as
 * incompatible, refused for altered files, cut off by the attempt timeout, or anything else (the network, a
 * script that would not run, a manifest or component missing), which is reported as `network`.
 */
export function loadFailureReason(error: unknown): LoadFailureReason {
  if (error instanceof IncompatibleRemoteError) return 'incompatible';
  if (error instanceof IntegrityError) return 'integrity';
  return error instanceof RemoteTimeoutError ? 'timeout' : 'network';
}

/**
 * Whether an error a slot's error boundary caught is about loading the remote's code rather than rendering it:
 * one of the load errors above, or a chunk the remote's code asked for that could not be fetched (rspack's
 * ChunkLoadError). A slot's own load never throws into the tree (hydration/slot-load.tsx), so the boundary
 * sees these only from code the remote loads itself while rendering.
 */
export const isLoadFailure = (error: unknown): boolean =>
  !isTransient(error) ||
  error instanceof RemoteTimeoutError ||
  (error as Error | null)?.name === 'ChunkLoadError';

/** One reload state per remote (remote-reload.ts): its generation, its Retry rounds, its registered entry. */
const reloads = new Map<RemoteName, RemoteReload>();

function reloadOf(remote: RemoteName): RemoteReload {
  let reload = reloads.get(remote);
  if (!reload) {
    reload = new RemoteReload(remote, (entry, anotherVersion) => {
      if (anotherVersion) forgetLoadedChunks(remote);
      // Only ever asked after a first load, so the host is there.
      started?.registerRemotes([{ name: remote, entry }], { force: true });
    });
    reloads.set(remote, reload);
  }
  return reload;
}

export const onRemoteRetry = (remote: RemoteName, listener: () => void) => reloadOf(remote).onRetry(listener);

/** When the prerendered sections waiting for a remote's code try again (background-retry.ts). */
export const backgroundRetry = createBackgroundRetry((remote) => reloadOf(remote).startRound());

/** A visitor's Retry: every failed slot of the remote loads again, and so does every section waiting for it. */
export function requestRemoteRetry(remote: RemoteName) {
  reloadOf(remote).requestRetry();
  backgroundRetry.retryNow(remote);
}

/**
 * Another version of a remote (a rollback or a release seen by a Retry) must not inherit the chunks the first
 * one pushed: every version of a remote registers its chunks in the same global array (rspack's
 * chunk_<uniqueName>, the federation name), and a new runtime would take the old chunks of the same ids for its
 * own and fail ("a[e] is not a function"). Emptying it lets the new version load its own.
 */
function forgetLoadedChunks(remote: RemoteName) {
  if (typeof self === 'undefined') return;
  delete (self as unknown as Record<string, unknown>)[`chunk_${remote}`];
}

/**
 * Before each try of a remote's module: the map it is registered from, the generation its registration had
 * (so only the first of several failing slots registers it again), and a refusal for altered files, which
 * stays: none of that remote's slots loads more of its code.
 */
async function prepareTry(remote: RemoteName, visitorRetry: boolean): Promise<() => void> {
  const reload = reloadOf(remote);
  const map = visitorRetry ? await mapForRetry() : (await registeredRemotes()).map;
  const entry = map[remote];
  if (!entry) throw new RemoteLoadError(`No manifest URL for ${remote} in remotes.json`);
  if (visitorRetry) {
    integrity.forgetRefusal(remote);
    reload.registerForRetry(entry);
  }
  const generation = reload.generation;
  const refusal = integrity.refused(remote);
  if (refusal) throw refusal;
  return () => reload.registerAgain(entry, generation);
}

/** The per-load retry (retryPolicy), as a runtime plugin on the federation host. */
const retry = createRemoteRetry(retryPolicy, {
  prepare: (remote) => prepareTry(remote as RemoteName, false),
  judge(remote, caught) {
    // The runtime wraps a refused manifest in an error of its own; the refusal itself says it is final.
    const error = integrity.refused(remote as RemoteName) ?? caught;
    return { error, transient: isTransient(error) };
  },
  timedOut: (id, ms) => new RemoteTimeoutError(`${id} did not load within ${ms} ms`),
  warn: (message) => console.warn(message),
});

/**
 * Loads one exposed component, retrying transient failures (see retryPolicy). `attempt` > 0 is a visitor's
 * Retry after the fallback showed: the remote is registered again first, so a remote that came back loads.
 */
export async function loadExposedComponent(
  remote: RemoteName,
  module: string,
  attempt: number,
): Promise<{ default: ComponentType<object> }> {
  const loaded = await retry.load(
    `${remote}/${module}`,
    async (id) => (await registeredRemotes()).host.loadRemote<unknown>(id),
    attempt > 0 ? () => prepareTry(remote, true) : undefined,
  );
  const component = exposedComponent(loaded, module);
  if (!isComponent(component)) throw new RemoteLoadError(`${remote}/${module} did not provide a component`);
  return { default: component };
}
