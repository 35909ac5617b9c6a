import { type RemoteMap, type ResolvedRemoteMap, urlsAndIntegrity } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { retryPolicy } from 'federation/retry-policy';
import type { ComponentType } from 'react';
import type { LoadFailureReason } from 'shared-content/enquiry/telemetry-contract';
import { onceUntilFailure } from '../config/fetch-config.ts';
import { createBackgroundRetry } from './background-retry.ts';
import {
  IncompatibleRemoteError,
  IntegrityError,
  RemoteLoadError,
  RemoteTimeoutError,
} from './load-errors.ts';
import type { RemoteLoading } from './remote-loading.ts';
import { fetchResolvedRemoteMap } from './remote-map-source.ts';
import { RemoteReload } from './remote-reload.ts';

/** How a failed load is retried before the slot shows its fallback (federation/src/retry-policy.ts). */
export { RemoteLoadError, RemoteTimeoutError, retryPolicy };

/** The versions this visitor loads, from the last map read (for the health beacons and the integrity check). */
let resolved: ResolvedRemoteMap = {};
const mapWatchers = new Set<(resolved: ResolvedRemoteMap) => void>();

/** The version of a remote this visitor loads, once the map has been read. */
export const remoteVersion = (remote: RemoteName): string | undefined => resolved[remote]?.version;

/** Reads remotes.json for this visitor's bucket, and tells whoever watches it (the integrity check). */
async function readRemoteMapFile(): Promise<RemoteMap> {
  resolved = await fetchResolvedRemoteMap();
  for (const watcher of mapWatchers) watcher(resolved);
  return urlsAndIntegrity(resolved).urls;
}

/** Reads remotes.json, which every page does at start (the health beacons name versions); the first read is kept. */
export const loadRemoteMap: () => Promise<RemoteMap> = onceUntilFailure(readRemoteMapFile);

/** The loading machinery once started: the registrations of a Retry go to its host. */
let started: RemoteLoading | null = null;

/**
 * The federation host with the integrity check and the retries (remote-loading.ts, federation-host.ts), downloaded
 * and started the first time a section needs its code. A page whose sections need no code never downloads it.
 * The chunk's name is protocol.ts's federationHostChunk (a magic comment takes a literal only).
 */
const remoteLoading: () => Promise<RemoteLoading> = onceUntilFailure(async () => {
  const { startRemoteLoading } = await import(
    /* webpackChunkName: "federation-host" */ './remote-loading.ts'
  );
  started = startRemoteLoading({
    firstMap: loadRemoteMap,
    readMapAgain: readRemoteMapFile,
    watchMap(onRead) {
      mapWatchers.add(onRead);
      onRead(resolved);
    },
    reloadOf,
    isTransient,
  });
  return started;
});

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
      started?.host.registerRemotes([{ name: remote, entry }], { force: true });
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
 * Loads one exposed component, retrying transient failures (see retryPolicy). `attempt` > 0 is a visitor's
 * Retry after the fallback showed: the remote is registered again first, so a remote that came back loads.
 */
export async function loadExposedComponent(
  remote: RemoteName,
  module: string,
  attempt: number,
): Promise<{ default: ComponentType<object> }> {
  return (await remoteLoading()).loadExposedComponent(remote, module, attempt);
}
