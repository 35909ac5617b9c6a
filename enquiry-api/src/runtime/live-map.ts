import { parseRemoteMapDocument } from 'federation/remote-map';
import { describeError, type Logger } from './logger.ts';

/** A remote and a version a beacon counts for. */
export interface RemoteVersion {
  remote: string;
  version: string;
}

/**
 * 'live': every one is live. A number: the index of the first one that is not. 'unavailable': the map could
 * not be read (nor a recent enough copy), so nothing can be told.
 */
export type LiveVerdict = 'live' | number | 'unavailable';

export interface LiveRemoteMap {
  check(versions: readonly RemoteVersion[]): Promise<LiveVerdict>;
  /**
   * Each remote's default version in the copy check() last answered from (undefined when none is usable): read
   * right after a check that said 'live', it is the map those versions were live in.
   */
  defaults(): ReadonlyMap<string, string> | undefined;
}

export interface LiveRemoteMapOptions {
  /** The live remotes.json (the shell origin's). */
  url: string;
  /** A copy younger than this is used as it is. */
  maxAgeMs: number;
  /** A version not in the copy makes the API look again, but not sooner than this after the last look. */
  minRefreshMs?: number;
  /** When the map cannot be read, a copy at most this old is still used. */
  staleMs?: number;
  timeoutMs?: number;
  logger: Logger;
  now?: () => number;
}

type Versions = ReadonlyMap<string, ReadonlySet<string>>;

interface Copy {
  versions: Versions;
  defaults: ReadonlyMap<string, string>;
  readAt: number;
}

/**
 * The versions live in the site's remote map, read over HTTP from where the shell reads it, so the API accepts
 * beacons only for what visitors can actually be running (a version is live while it is the default or has
 * traffic; a published version with none, such as a preview, is not). A canary released a moment ago is not in
 * a cached copy yet: a version the copy lacks makes the API look again, at most once per minRefreshMs, and the
 * beacons that asked wait for that look rather than being refused. Forged versions therefore cost the shell
 * origin at most one request a second. When the map cannot be read, a copy of the last staleMs is still used;
 * after that nothing can be told, and the route refuses with 503.
 */
export function createLiveRemoteMap(options: LiveRemoteMapOptions): LiveRemoteMap {
  const now = options.now ?? Date.now;
  const minRefreshMs = options.minRefreshMs ?? 1000;
  const staleMs = options.staleMs ?? 5 * 60_000;
  let copy: Copy | undefined;
  let lastLook = Number.NEGATIVE_INFINITY;
  let looking: Promise<void> | undefined;
  let failing = false;

  async function read(): Promise<void> {
    lastLook = now();
    try {
      const response = await fetch(options.url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
      });
      if (!response.ok) throw new Error(`${options.url} answered ${response.status}`);
      const document = parseRemoteMapDocument(await response.json(), () => undefined, {
        integrity: 'optional',
      });
      const versions = new Map<string, Set<string>>();
      const defaults = new Map<string, string>();
      for (const [remote, entries] of Object.entries(document.microFrontends)) {
        const live = (entries ?? []).filter(({ deployment }) => deployment.default || deployment.traffic > 0);
        versions.set(remote, new Set(live.map(({ metadata }) => metadata.version)));
        const stable = live.find(({ deployment }) => deployment.default);
        if (stable) defaults.set(remote, stable.metadata.version);
      }
      copy = { versions, defaults, readAt: now() };
      if (failing) options.logger.info('remote map readable again', { url: options.url });
      failing = false;
    } catch (error) {
      if (!failing)
        options.logger.warn('remote map unreadable', { url: options.url, ...describeError(error) });
      failing = true;
    }
  }

  /** One look at a time, never sooner than `after`; everyone waiting shares it. */
  function look(after: number): Promise<void> {
    looking ??= (async () => {
      const wait = after - now();
      if (wait > 0) await new Promise((done) => setTimeout(done, wait));
      await read();
    })().finally(() => {
      looking = undefined;
    });
    return looking;
  }

  const usable = () => (copy && now() - copy.readAt <= staleMs ? copy.versions : undefined);
  const usableDefaults = () => (copy && now() - copy.readAt <= staleMs ? copy.defaults : undefined);
  const firstNotLive = (versions: Versions, wanted: readonly RemoteVersion[]) =>
    wanted.findIndex(({ remote, version }) => !versions.get(remote)?.has(version));

  /**
   * Waits for a look that started at `time` or later: one already under way may have read the map before a
   * canary released a moment ago was in it.
   */
  async function lookStartedSince(time: number): Promise<void> {
    while (lastLook < time) await look(lastLook + minRefreshMs);
  }

  return {
    async check(wanted) {
      const asked = now();
      if (!copy || asked - copy.readAt > options.maxAgeMs) await look(lastLook + minRefreshMs);
      let versions = usable();
      if (versions && firstNotLive(versions, wanted) === -1) return 'live';
      await lookStartedSince(asked);
      versions = usable();
      if (!versions) return 'unavailable';
      const index = firstNotLive(versions, wanted);
      return index === -1 ? 'live' : index;
    },
    defaults: usableDefaults,
  };
}
