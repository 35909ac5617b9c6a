/**
 * The shell's health counter: counts what happens to each remote version in this visitor's browser and sends
 * the counts to the enquiry API as small beacons (POST /beacon, shared-content's telemetry contract). Only the
 * contract's fields leave the page: a remote's name, its version, a kind, a reason and a count. No message, no
 * URL, nothing about the visitor.
 *
 * Counts of the same remote, version, kind and reason are added up until they are sent: a few seconds after
 * the first unsent one (so a long visit reports early), and whenever the page is hidden or left. Every beacon
 * of a page load carries the same random page-load id, so the API counts a page load at most once per remote
 * and kind however many beacons it sends (a reload makes a new id; nothing lasts beyond the page). Nothing is
 * sent before the beacon URL is known (runtime.json's apiUrl): the counts wait. A browser without
 * navigator.sendBeacon sends nothing. Sending never throws into the page (it runs from timers and page
 * events); counting is called through remote-health.ts, which catches.
 */
import {
  beaconLimits,
  type LoadFailureReason,
  type RemoteHealthEvent,
  type RemoteHealthKind,
  releaseVersionPattern,
} from 'shared-content/enquiry/telemetry-contract';

/**
 * A new random id (16 bytes, base64url: 22 characters), or undefined where the browser has no
 * crypto.getRandomValues (then nothing is counted: a beacon without an id would be refused).
 */
export function newPageLoadId(): string | undefined {
  try {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  } catch {
    return undefined;
  }
}

/** What one count is about; the version is looked up by the counter. */
export interface HealthCount {
  remote: string;
  kind: RemoteHealthKind;
  /** For a `load-failure` only. */
  reason?: LoadFailureReason;
}

export interface HealthCounterOptions {
  /** The beacon URL, or undefined until it is known: counts wait until then. */
  endpoint: () => string | undefined;
  /**
   * The version of a remote this visitor loads, or undefined while the remote map has not been read. A count
   * made before that takes the version known when it is sent, or `unknownVersion`.
   */
  versionOf: (remote: string) => string | undefined;
  /** Told when counts are due but there is no URL yet; it calls flush() again once there is one. */
  awaitEndpoint?: () => void;
  /** How long after the first unsent count the counts are sent (the page may stay open for long). */
  delayMs?: number;
  /** This page load's id (newPageLoadId), the same in every beacon of the page. */
  pageLoad?: string;
}

export interface HealthCounter {
  add(count: HealthCount): void;
  /** Sends every unsent count now (if the URL is known). */
  flush(): void;
}

/** The version reported when the remote map could not be read (it matches releaseVersionPattern). */
export const unknownVersion = 'unknown';

export const flushDelayMs = 5_000;

/** Adds the event to the one of the same remote, version, kind and reason, or adds it. */
function merge(events: Map<string, RemoteHealthEvent>, event: RemoteHealthEvent) {
  const key = [event.remote, event.version, event.kind, event.reason].join(' ');
  const same = events.get(key);
  if (same) same.count += event.count;
  else events.set(key, event);
}

/**
 * The events split into beacons, each within beaconLimits: at most maxEvents events and maxBytes bytes of
 * encoded JSON (with the page-load id beside them), a count above maxCount split into several events. An event
 * that could not fit a beacon alone is left out (none can, with the contract's name and version patterns).
 */
export function splitIntoBeacons(events: Iterable<RemoteHealthEvent>, pageLoad = ''): RemoteHealthEvent[][] {
  const { maxBytes, maxCount, maxEvents } = beaconLimits;
  const beacons: RemoteHealthEvent[][] = [];
  let beacon: RemoteHealthEvent[] = [];
  // The beacon's bytes: {"events":[],"pageLoad":"…"}, and each event's with a comma (one fewer than the events).
  const envelope = new Blob([JSON.stringify({ events: [], ...(pageLoad && { pageLoad }) })]).size - 1;
  let bytes: number = maxBytes;
  for (const event of events) {
    for (let left = event.count; left > 0; left -= maxCount) {
      const part = { ...event, count: Math.min(left, maxCount) };
      const size = new Blob([JSON.stringify(part)]).size + 1;
      if (beacon.length === maxEvents || bytes + size > maxBytes) {
        beacon = [];
        bytes = envelope;
      }
      if (bytes + size > maxBytes) continue;
      if (!beacon.length) beacons.push(beacon);
      beacon.push(part);
      bytes += size;
    }
  }
  return beacons;
}

/** Old browsers have no sendBeacon: nothing is counted there. */
const canSend = () => typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function';

export function createHealthCounter({
  endpoint,
  versionOf,
  awaitEndpoint,
  delayMs = flushDelayMs,
  pageLoad = newPageLoadId(),
}: HealthCounterOptions): HealthCounter {
  /** Unsent counts; the version is "" while the remote map has not been read. */
  let pending = new Map<string, RemoteHealthEvent>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let listening = false;

  const version = (remote: string) => {
    const known = versionOf(remote);
    return known && releaseVersionPattern.test(known) ? known : '';
  };

  function add(event: RemoteHealthEvent) {
    merge(pending, event);
    timer ??= setTimeout(flush, delayMs);
  }

  function flush() {
    try {
      clearTimeout(timer);
      timer = undefined;
      if (!canSend() || !pageLoad) return pending.clear();
      if (!pending.size) return;
      const url = endpoint();
      if (!url) return awaitEndpoint?.();
      // Counts made before the map was read take the version known now, or "unknown".
      const due = new Map<string, RemoteHealthEvent>();
      for (const event of pending.values()) {
        merge(due, { ...event, version: event.version || version(event.remote) || unknownVersion });
      }
      pending = new Map();
      for (const events of splitIntoBeacons(due.values(), pageLoad)) {
        let queued = true;
        try {
          const body = JSON.stringify({ events, pageLoad });
          queued = navigator.sendBeacon(url, new Blob([body], { type: 'text/plain' }));
        } catch {
          // A URL the browser refuses: sending again would not help, these counts are dropped.
        }
        // The browser's beacon queue is full: these counts go with the next ones.
        if (!queued) for (const event of events) add(event);
      }
    } catch {
      // Never into the page: at worst some counts are lost.
    }
  }

  return {
    add({ remote, kind, reason }) {
      if (!canSend() || !pageLoad) return;
      if (!listening && typeof document !== 'undefined') {
        listening = true;
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') flush();
        });
        addEventListener('pagehide', flush);
      }
      add({
        remote,
        version: version(remote),
        kind,
        // A reason only for (and always with) a load failure, as the contract requires.
        ...(kind === 'load-failure' && { reason: reason ?? 'network' }),
        count: 1,
      });
    },
    flush,
  };
}
