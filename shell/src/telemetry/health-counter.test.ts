import {
  beaconLimits,
  pageLoadPattern,
  type RemoteHealthBeacon,
  type RemoteHealthEvent,
  remoteHealthBeaconSchema,
} from 'shared-content/enquiry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createHealthCounter,
  flushDelayMs,
  type HealthCounterOptions,
  newPageLoadId,
  splitIntoBeacons,
  unknownVersion,
} from './health-counter.ts';

const url = 'http://api.example/beacon';

/** What each sendBeacon call got: the URL, the body's type and the beacon, checked against the API's schema. */
interface Sent {
  url: string;
  type: string;
  bytes: number;
  beacon: RemoteHealthBeacon;
}

let sendBeacon: ReturnType<typeof vi.fn<(url: string, data: Blob) => boolean>>;

function stubSendBeacon() {
  sendBeacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
}

function removeSendBeacon() {
  delete (navigator as { sendBeacon?: unknown }).sendBeacon;
}

async function sent(): Promise<Sent[]> {
  return Promise.all(
    sendBeacon.mock.calls.map(async ([to, data]) => {
      const text = await data.text();
      // The API's own validation (zod, only in this test): every beacon the shell sends must be accepted.
      const beacon = remoteHealthBeaconSchema.parse(JSON.parse(text));
      return { url: to, type: data.type, bytes: new TextEncoder().encode(text).length, beacon };
    }),
  );
}

const sentEvents = async () => (await sent()).flatMap(({ beacon }) => beacon.events);

/** Sums the counts per remote, version, kind and reason, however they were split. */
function totals(events: readonly RemoteHealthEvent[]): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const { remote, version, kind, reason, count } of events) {
    const key = [remote, version, kind, reason ?? '-'].join(' ');
    sums[key] = (sums[key] ?? 0) + count;
  }
  return sums;
}

function counter(options: Partial<HealthCounterOptions> = {}) {
  return createHealthCounter({ endpoint: () => url, versionOf: () => '1.4.0-3f43688a', ...options });
}

function hidePage(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('health counter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    stubSendBeacon();
  });
  afterEach(() => {
    // Counters of earlier tests still listen to the page: with no sendBeacon, they drop what they hold.
    removeSendBeacon();
    dispatchEvent(new Event('pagehide'));
    Reflect.deleteProperty(document, 'visibilityState');
    vi.useRealTimers();
  });

  it('adds up counts of the same remote, version, kind and reason into one event', async () => {
    const health = counter();
    health.add({ remote: 'mf_marketing', kind: 'view' });
    health.add({ remote: 'mf_marketing', kind: 'view' });
    health.add({ remote: 'mf_marketing', kind: 'load-failure', reason: 'timeout' });
    health.add({ remote: 'mf_marketing', kind: 'load-failure', reason: 'timeout' });
    health.add({ remote: 'mf_marketing', kind: 'load-failure', reason: 'integrity' });
    health.add({ remote: 'mf_contact', kind: 'view' });
    health.add({ remote: 'mf_contact', kind: 'render-error' });
    health.flush();
    const beacons = await sent();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(url);
    // text/plain: a JSON content type is not allowed for a cross-origin sendBeacon.
    expect(beacons[0]?.type).toBe('text/plain');
    expect(beacons[0]?.beacon.events).toEqual([
      { remote: 'mf_marketing', version: '1.4.0-3f43688a', kind: 'view', count: 2 },
      {
        remote: 'mf_marketing',
        version: '1.4.0-3f43688a',
        kind: 'load-failure',
        reason: 'timeout',
        count: 2,
      },
      {
        remote: 'mf_marketing',
        version: '1.4.0-3f43688a',
        kind: 'load-failure',
        reason: 'integrity',
        count: 1,
      },
      { remote: 'mf_contact', version: '1.4.0-3f43688a', kind: 'view', count: 1 },
      { remote: 'mf_contact', version: '1.4.0-3f43688a', kind: 'render-error', count: 1 },
    ]);
  });

  it('sends only the contract’s fields: a reason only with a load failure, and a load failure always with one', async () => {
    const health = counter();
    health.add({ remote: 'mf_contact', kind: 'view', reason: 'network' });
    health.add({ remote: 'mf_contact', kind: 'load-failure' });
    health.flush();
    const events = await sentEvents();
    expect(events).toEqual([
      { remote: 'mf_contact', version: '1.4.0-3f43688a', kind: 'view', count: 1 },
      { remote: 'mf_contact', version: '1.4.0-3f43688a', kind: 'load-failure', reason: 'network', count: 1 },
    ]);
    for (const event of events) {
      expect(['remote', 'version', 'kind', 'reason', 'count']).toEqual(
        expect.arrayContaining(Object.keys(event)),
      );
    }
  });

  it('splits a count above maxCount into several events', async () => {
    const health = counter();
    for (let index = 0; index < 2 * beaconLimits.maxCount + 20; index += 1) {
      health.add({ remote: 'mf_portfolio', kind: 'view' });
    }
    health.flush();
    const events = await sentEvents();
    expect(events.map((event) => event.count)).toEqual([beaconLimits.maxCount, beaconLimits.maxCount, 20]);
    expect(totals(events)).toEqual({ 'mf_portfolio 1.4.0-3f43688a view -': 120 });
  });

  it('splits into several beacons beyond maxEvents events', async () => {
    const health = counter();
    const remotes = Array.from({ length: beaconLimits.maxEvents + 6 }, (_, index) => `mf_remote_${index}`);
    for (const remote of remotes) health.add({ remote, kind: 'view' });
    health.flush();
    const beacons = await sent();
    expect(beacons.map(({ beacon }) => beacon.events.length)).toEqual([beaconLimits.maxEvents, 6]);
    expect(beacons.flatMap(({ beacon }) => beacon.events.map((event) => event.remote))).toEqual(remotes);
  });

  it('splits into several beacons beyond maxBytes of encoded JSON', async () => {
    // The longest names the contract allows: about 190 bytes an event, so 24 of them exceed 4096 bytes.
    const version = `1${'a'.repeat(63)}`;
    const remotes = Array.from(
      { length: beaconLimits.maxEvents },
      (_, index) => `m${'x'.repeat(37)}${index}`,
    );
    const health = counter({ versionOf: () => version });
    for (const remote of remotes) {
      for (let index = 0; index < 10; index += 1) {
        health.add({ remote: remote.slice(0, 40), kind: 'load-failure', reason: 'incompatible' });
      }
      health.add({ remote: remote.slice(0, 40), kind: 'hydration-mismatch' });
    }
    health.flush();
    const beacons = await sent();
    expect(beacons.length).toBeGreaterThan(2);
    for (const beacon of beacons) {
      expect(beacon.bytes).toBeLessThanOrEqual(beaconLimits.maxBytes);
      expect(beacon.beacon.events.length).toBeLessThan(beaconLimits.maxEvents);
    }
    // Full beacons: the next event would not have fitted.
    expect(beacons[0]?.bytes).toBeGreaterThan(beaconLimits.maxBytes - 200);
    const events = beacons.flatMap(({ beacon }) => beacon.events);
    expect(events).toHaveLength(2 * remotes.length);
    expect(Object.values(totals(events)).sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: remotes.length }, () => 1),
      ...Array.from({ length: remotes.length }, () => 10),
    ]);
  });

  it('fills each beacon up to the limits exactly', () => {
    const short: RemoteHealthEvent = { remote: 'mf_contact', version: '1.0.0', kind: 'view', count: 1 };
    const shorts = Array.from({ length: 3 * beaconLimits.maxEvents }, (_, index) => ({
      ...short,
      remote: `mf_${index}`,
    }));
    expect(splitIntoBeacons(shorts).map((beacon) => beacon.length)).toEqual([24, 24, 24]);

    const long: RemoteHealthEvent = {
      remote: `m${'x'.repeat(39)}`,
      version: `1${'a'.repeat(63)}`,
      kind: 'load-failure',
      reason: 'incompatible',
      count: 1,
    };
    const [first = [], ...rest] = splitIntoBeacons(
      Array.from({ length: beaconLimits.maxEvents }, () => long),
    );
    const bytes = (events: RemoteHealthEvent[]) =>
      new TextEncoder().encode(JSON.stringify({ events })).length;
    expect(bytes(first)).toBeLessThanOrEqual(beaconLimits.maxBytes);
    expect(bytes([...first, long])).toBeGreaterThan(beaconLimits.maxBytes);
    expect(first.length + rest.flat().length).toBe(beaconLimits.maxEvents);
  });

  it('sends the same random page-load id in every beacon of a page load, and another for another page load', async () => {
    const health = counter();
    health.add({ remote: 'mf_marketing', kind: 'view' });
    health.flush();
    health.add({ remote: 'mf_marketing', kind: 'render-error' });
    health.flush();
    const other = counter();
    other.add({ remote: 'mf_contact', kind: 'view' });
    other.flush();
    const ids = (await sent()).map(({ beacon }) => beacon.pageLoad);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(pageLoadPattern);
    expect(ids[0]).toHaveLength(22);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(new Set(Array.from({ length: 100 }, newPageLoadId)).size).toBe(100);
  });

  it('keeps each beacon within the byte limit with the page-load id beside its events', () => {
    const long: RemoteHealthEvent = {
      remote: `m${'x'.repeat(39)}`,
      version: `1${'a'.repeat(63)}`,
      kind: 'load-failure',
      reason: 'incompatible',
      count: 1,
    };
    const pageLoad = 'p'.repeat(64);
    const beacons = splitIntoBeacons(
      Array.from({ length: beaconLimits.maxEvents * 2 }, () => long),
      pageLoad,
    );
    for (const events of beacons)
      expect(new TextEncoder().encode(JSON.stringify({ events, pageLoad })).length).toBeLessThanOrEqual(
        beaconLimits.maxBytes,
      );
    expect(beacons.flat()).toHaveLength(beaconLimits.maxEvents * 2);
  });

  it('sends a few seconds after the first unsent count, then starts over', async () => {
    const health = counter();
    health.add({ remote: 'mf_marketing', kind: 'view' });
    vi.advanceTimersByTime(flushDelayMs - 1_000);
    health.add({ remote: 'mf_marketing', kind: 'render-error' });
    vi.advanceTimersByTime(999);
    expect(sendBeacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(flushDelayMs).toBeLessThanOrEqual(5_000);
    vi.advanceTimersByTime(60_000);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    health.add({ remote: 'mf_marketing', kind: 'view' });
    vi.advanceTimersByTime(flushDelayMs);
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    expect(totals(await sentEvents())).toEqual({
      'mf_marketing 1.4.0-3f43688a view -': 2,
      'mf_marketing 1.4.0-3f43688a render-error -': 1,
    });
  });

  it('sends at once when the page is hidden or left, and nothing when there is nothing to send', async () => {
    const health = counter();
    health.add({ remote: 'mf_marketing', kind: 'view' });
    hidePage('visible');
    expect(sendBeacon).not.toHaveBeenCalled();
    hidePage('hidden');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    health.add({ remote: 'mf_contact', kind: 'view' });
    dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    dispatchEvent(new Event('pagehide'));
    hidePage('hidden');
    vi.advanceTimersByTime(flushDelayMs);
    expect(sendBeacon).toHaveBeenCalledTimes(2);
    expect((await sentEvents()).map((event) => event.remote)).toEqual(['mf_marketing', 'mf_contact']);
  });

  it('waits for the beacon URL: counts are kept until it is known', async () => {
    let endpoint: string | undefined;
    const awaitEndpoint = vi.fn();
    const health = counter({ endpoint: () => endpoint, awaitEndpoint });
    health.add({ remote: 'mf_marketing', kind: 'view' });
    vi.advanceTimersByTime(flushDelayMs);
    dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(awaitEndpoint).toHaveBeenCalled();
    health.add({ remote: 'mf_marketing', kind: 'view' });
    endpoint = url;
    health.flush();
    expect(await sentEvents()).toEqual([
      { remote: 'mf_marketing', version: '1.4.0-3f43688a', kind: 'view', count: 2 },
    ]);
  });

  it('reports the version known when sending for counts made before the map was read, else "unknown"', async () => {
    const versions: Record<string, string> = {};
    const health = counter({ versionOf: (remote) => versions[remote] });
    health.add({ remote: 'mf_marketing', kind: 'view' });
    health.add({ remote: 'mf_contact', kind: 'view' });
    health.add({ remote: 'mf_portfolio', kind: 'view' });
    versions.mf_marketing = '2.0.0-canary';
    versions.mf_portfolio = '../not a version';
    health.add({ remote: 'mf_marketing', kind: 'view' });
    health.flush();
    expect(await sentEvents()).toEqual([
      { remote: 'mf_marketing', version: '2.0.0-canary', kind: 'view', count: 2 },
      { remote: 'mf_contact', version: unknownVersion, kind: 'view', count: 1 },
      { remote: 'mf_portfolio', version: unknownVersion, kind: 'view', count: 1 },
    ]);
  });

  it('keeps the version a count was made for when the map changes before sending (a rollback)', async () => {
    let version = '2.0.0-canary';
    const health = counter({ versionOf: () => version });
    health.add({ remote: 'mf_marketing', kind: 'load-failure', reason: 'network' });
    version = '1.9.0-stable';
    health.add({ remote: 'mf_marketing', kind: 'view' });
    health.flush();
    expect((await sentEvents()).map((event) => [event.kind, event.version])).toEqual([
      ['load-failure', '2.0.0-canary'],
      ['view', '1.9.0-stable'],
    ]);
  });

  it('sends the counts again with the next ones when the browser does not queue a beacon', async () => {
    const health = counter();
    sendBeacon.mockReturnValueOnce(false);
    health.add({ remote: 'mf_marketing', kind: 'view' });
    health.flush();
    health.add({ remote: 'mf_marketing', kind: 'view' });
    vi.advanceTimersByTime(flushDelayMs);
    const beacons = await sent();
    expect(beacons).toHaveLength(2);
    expect(beacons[1]?.beacon.events).toEqual([
      { remote: 'mf_marketing', version: '1.4.0-3f43688a', kind: 'view', count: 2 },
    ]);
  });

  it('never throws into the page: a refused URL drops the counts', () => {
    const health = counter();
    sendBeacon.mockImplementation(() => {
      throw new TypeError('Invalid URL');
    });
    health.add({ remote: 'mf_marketing', kind: 'view' });
    expect(() => health.flush()).not.toThrow();
    sendBeacon.mockReturnValue(true);
    health.flush();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('drops everything silently in a browser without sendBeacon', () => {
    removeSendBeacon();
    const health = counter();
    expect(() => {
      health.add({ remote: 'mf_marketing', kind: 'view' });
      health.flush();
      vi.advanceTimersByTime(flushDelayMs);
      dispatchEvent(new Event('pagehide'));
    }).not.toThrow();
    stubSendBeacon();
    health.flush();
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
