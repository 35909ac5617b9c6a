/**
 * Loading a remote's exposed component: the federation host, the integrity check of its released files and the
 * per-load retries. Part of the federation host's chunk, fetched the first time a section needs its code
 * (remote-registry.ts imports it on demand), so a page whose sections need no code carries none of it.
 */
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import { exposedComponent, isComponent } from 'build-config/contract';
import { type RemoteMap, type ResolvedRemoteMap, urlsAndIntegrity } from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { retryPolicy } from 'federation/retry-policy';
import type { ComponentType } from 'react';
import { onceUntilFailure, shellFetch } from '../config/fetch-config.ts';
import { startHost } from './federation-host.ts';
import { createIntegrityState } from './integrity-plugin.ts';
import { RemoteLoadError, RemoteTimeoutError } from './load-errors.ts';
import { devOverride, mapIntegrity } from './remote-map-source.ts';
import type { RemoteReload } from './remote-reload.ts';
import { createRemoteRetry } from './retry-plugin.ts';

/** What loading needs of the registry, which holds the page's remote map and each remote's reload state. */
export interface LoadingContext {
  /** The page's first read of remotes.json (URLs by remote). */
  firstMap(): Promise<RemoteMap>;
  /** Reads remotes.json again (a visitor's Retry). */
  readMapAgain(): Promise<RemoteMap>;
  /** The last map read, with versions and hashes; `onRead` is told of every later read. */
  watchMap(onRead: (resolved: ResolvedRemoteMap) => void): void;
  reloadOf(remote: RemoteName): RemoteReload;
  /** Whether loading again may help (not a refusal that stays). */
  isTransient(error: unknown): boolean;
}

export interface RemoteLoading {
  host: ModuleFederation;
  loadExposedComponent(
    remote: RemoteName,
    module: string,
    attempt: number,
  ): Promise<{ default: ComponentType<object> }>;
}

/** Starts the host with the integrity check and the retries, and returns how a component is loaded. */
export function startRemoteLoading(context: LoadingContext): RemoteLoading {
  /**
   * What remotes.json says each remote's released files are (their SHA-384s), and the plugin that checks them;
   * it fetches each manifest as the shell fetches remotes.json (through the prerender's transport in Node).
   */
  const integrity = createIntegrityState(console.error, shellFetch, {
    sealedOnly: mapIntegrity === 'required',
    devOverride,
  });
  context.watchMap((resolved) => {
    const { urls, integrity: manifests } = urlsAndIntegrity(resolved);
    integrity.setRemoteMap(urls, manifests);
  });

  /**
   * Before each try of a remote's module: the map it is registered from, the generation its registration had
   * (so only the first of several failing slots registers it again), and a refusal for altered files, which
   * stays: none of that remote's slots loads more of its code.
   */
  async function prepareTry(remote: RemoteName, visitorRetry: boolean): Promise<() => void> {
    const reload = context.reloadOf(remote);
    const map = visitorRetry ? await mapForRetry() : await registeredRemotes();
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
      return { error, transient: context.isTransient(error) };
    },
    timedOut: (id, ms) => new RemoteTimeoutError(`${id} did not load within ${ms} ms`),
    warn: (message) => console.warn(message),
  });

  const host = startHost([integrity.plugin(), retry.plugin]);

  /** Registers every remote of the page's first map with the host, once. */
  const registeredRemotes = onceUntilFailure(async () => {
    const map = await context.firstMap();
    host.registerRemotes(Object.entries(map).map(([name, entry]) => ({ name, entry })));
    for (const [name, entry] of Object.entries(map)) context.reloadOf(name as RemoteName).registeredAt(entry);
    return map;
  });

  /**
   * A visitor's Retry reads remotes.json again: a rollback or a release made since the page loaded is what it
   * should load (the page's first map when the file cannot be read now).
   */
  async function mapForRetry(): Promise<RemoteMap> {
    const first = await registeredRemotes();
    try {
      return await context.readMapAgain();
    } catch {
      return first;
    }
  }

  return {
    host,
    /**
     * Loads one exposed component, retrying transient failures (see retryPolicy). `attempt` > 0 is a visitor's
     * Retry after the fallback showed: the remote is registered again first, so a remote that came back loads.
     */
    async loadExposedComponent(remote, module, attempt) {
      const loaded = await retry.load(
        `${remote}/${module}`,
        async (id) => {
          await registeredRemotes();
          return host.loadRemote<unknown>(id);
        },
        attempt > 0 ? () => prepareTry(remote, true) : undefined,
      );
      const component = exposedComponent(loaded, module);
      if (!isComponent(component))
        throw new RemoteLoadError(`${remote}/${module} did not provide a component`);
      return { default: component };
    },
  };
}
