import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemoteHealthBeacon, RemoteHealthEvent } from 'shared-content/enquiry';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database.ts';
import { RemoteHealthStore } from './remote-health-store.ts';
import { visitorOf } from './visitor.ts';

/**
 * What a beacon counts (remote-health-store.ts): each remote and kind once per page load, each client and
 * network only its share a day, and per day the distinct clients and networks under a keyed hash.
 */
const minute = 60_000;
const day = 24 * 60 * minute;
const start = Date.UTC(2026, 10, 26, 9, 0, 0);
const version = '1.0.0-4c4f700c';
const view: RemoteHealthEvent = { remote: 'mf_marketing', version, kind: 'view', count: 1 };
const failure = (reason: 'timeout' | 'network' = 'timeout'): RemoteHealthEvent => ({
  remote: 'mf_marketing',
  version,
  kind: 'load-failure',
  reason,
  count: 50,
});

let pageLoads = 0;
/** A beacon of a page load of its own (as a fresh id from the page would be). */
const beaconOf = (events: RemoteHealthEvent[], pageLoad = `page-load-${++pageLoads}-xxxxxxxx`) =>
  ({ events, pageLoad }) satisfies RemoteHealthBeacon;

describe('remote health: what a beacon counts', () => {
  let dir: string;
  let db: Db;
  let now: number;
  let store: RemoteHealthStore;
  const clock = () => now;
  const counts = () =>
    store
      .report(start - day)
      .counts.map(({ kind, reason, count }) => `${kind}${reason ? ` ${reason}` : ''} ${count}`);
  const visitors = () => store.report(start - day).visitors;
  /** Rows in every table a beacon writes. */
  const rowCount = () =>
    ['remote_health', 'remote_health_page_loads', 'remote_health_visitors', 'remote_health_version_keys']
      .map((table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n)
      .reduce((sum, n) => sum + n, 0);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'enquiry-api-share-'));
    db = openDatabase(dir);
    now = start;
    store = new RemoteHealthStore(db, {
      retentionDays: 30,
      maxLoadsPerClient: 10,
      maxLoadsPerNetwork: 25,
      now: clock,
    });
  });
  afterEach(() => {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('counts one page load at most once per remote and kind, whatever its counts and however many beacons', async () => {
    const client = visitorOf('203.0.113.9');
    // The first attack: one beacon of 24 load failures of 50 each.
    const forged = beaconOf(
      Array.from({ length: 24 }, (_, index) => failure(index % 2 ? 'network' : 'timeout')),
    );
    expect(await store.record(forged, client)).toEqual({ counted: 1, repeated: 0, overShare: 0 });
    expect(counts()).toEqual(['load-failure timeout 1']);
    // The same page load again: nothing more.
    expect(await store.record(forged, client)).toEqual({ counted: 0, repeated: 1, overShare: 0 });
    const later = beaconOf([{ ...view, count: 50 }, failure()], forged.pageLoad);
    expect(await store.record(later, client)).toEqual({ counted: 1, repeated: 1, overShare: 0 });
    expect(counts()).toEqual(['load-failure timeout 1', 'view 1']);
  });

  it('counts a client only its share a day per version and kind, and a network only its share', async () => {
    for (let load = 0; load < 15; load += 1) await store.record(beaconOf([view]), visitorOf('203.0.113.9'));
    expect(counts()).toEqual(['view 10']);
    // Other clients of the same /24 fill the network's share (25), then nothing more of that network counts.
    for (let host = 10; host < 30; host += 1)
      await store.record(beaconOf([view]), visitorOf(`203.0.113.${host}`));
    expect(counts()).toEqual(['view 25']);
    // Another network counts, and so does the first client the next day.
    await store.record(beaconOf([view]), visitorOf('198.51.100.7'));
    now += day;
    await store.record(beaconOf([view]), visitorOf('203.0.113.9'));
    expect(counts()).toEqual(['view 27']);
    // An IPv6 host changing its address within its /64 is one client.
    for (let load = 0; load < 15; load += 1)
      await store.record(beaconOf([view]), visitorOf(`2001:db8:7:1::${(load + 1).toString(16)}`));
    expect(counts()).toEqual(['view 37']);
  });

  it('gives a client one share of failures for every kind together, not one per kind', async () => {
    const client = visitorOf('203.0.113.9');
    const kinds = [
      failure(),
      { ...view, kind: 'render-error' },
      { ...view, kind: 'hydration-mismatch' },
    ] as const;
    for (let load = 0; load < 15; load += 1) await store.record(beaconOf([...kinds]), client);
    // Each page load counts its first failure kind that still fits the share: 10 failures in all.
    const failures = store
      .report(start - day)
      .counts.filter(({ kind }) => kind !== 'view')
      .reduce((sum, { count }) => sum + count, 0);
    expect(failures).toBe(10);
  });

  it('tells how many distinct clients and networks the views and the failures came from', async () => {
    await store.record(beaconOf([view, failure()]), visitorOf('203.0.113.9'));
    await store.record(beaconOf([view, { ...view, kind: 'render-error' }]), visitorOf('203.0.113.9'));
    await store.record(beaconOf([view, { ...view, kind: 'render-error' }]), visitorOf('203.0.113.10'));
    await store.record(beaconOf([view]), visitorOf('198.51.100.7'));
    expect(visitors()).toEqual([
      {
        remote: 'mf_marketing',
        version,
        viewClients: 3,
        viewNetworks: 2,
        failureClients: 2,
        failureNetworks: 1,
        // Issue 40: the failures of each network with the most, most first.
        topNetworkFailures: [3],
      },
    ]);
    // Issue 40: on another day the same client is the same hash, so it is still one client in one network.
    now += day;
    await store.record(beaconOf([view]), visitorOf('203.0.113.9'));
    expect(visitors()[0]).toMatchObject({ viewClients: 3, viewNetworks: 2 });
    // A period starting today sees only today's.
    expect(store.report(now).visitors[0]).toMatchObject({
      viewClients: 1,
      viewNetworks: 1,
      failureClients: 0,
    });
  });

  it('stores no address, and forgets a version’s key with its last counts', async () => {
    await store.record(beaconOf([view]), visitorOf('203.0.113.9'));
    await store.record(beaconOf([view]), visitorOf('2001:db8:7:1::1'));
    const everything = () =>
      JSON.stringify(
        ['remote_health', 'remote_health_page_loads', 'remote_health_visitors'].map((table) =>
          db.prepare(`SELECT * FROM ${table}`).all(),
        ),
      );
    for (const part of ['203.0.113', '2001:db8', '2001', '113.9']) expect(everything()).not.toContain(part);
    const keys = () => db.prepare('SELECT remote, version, last_day FROM remote_health_version_keys').all();
    expect(keys()).toEqual([{ remote: 'mf_marketing', version, last_day: Math.floor(start / day) }]);
    now += day;
    await store.record(beaconOf([view]), visitorOf('203.0.113.9'));
    expect(keys()).toEqual([{ remote: 'mf_marketing', version, last_day: Math.floor(start / day) + 1 }]);
    // Past the retention (30 days here) from its last beacon, the key goes with the visitors.
    now += 31 * day;
    store.prune();
    expect(keys()).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM remote_health_visitors').get()).toEqual({ n: 0 });
  });

  it('lets one client write a bounded number of rows, however many beacons it sends (the third attack)', async () => {
    const client = visitorOf('203.0.113.9');
    // 120 beacons (the per-minute budget) of 24 events each, all at once, each a page load of its own.
    const kinds = ['view', 'render-error', 'hydration-mismatch'] as const;
    const remotes = ['mf_marketing', 'mf_portfolio', 'mf_contact'] as const;
    const events: RemoteHealthEvent[] = Array.from({ length: 24 }, (_, index) => ({
      ...view,
      kind: kinds[index % 3] ?? 'view',
      remote: remotes[index % 3] ?? 'mf_marketing',
    }));
    await Promise.all(Array.from({ length: 120 }, () => store.record(beaconOf(events), client)));
    // 3 remote-kind pairs: 10 page loads each (the share), 1 count row, 2 visitor rows; a key per remote version.
    expect(rowCount()).toBe(3 * (10 + 1 + 2) + 3);
    expect(
      store.report(start - day).counts.map(({ remote, kind, count }) => `${remote} ${kind} ${count}`),
    ).toEqual(['mf_contact hydration-mismatch 10', 'mf_marketing view 10', 'mf_portfolio render-error 10']);
  });

  it('drops the Web Vitals samples of the release before (no client nor other slots kept), keeping the counts', async () => {
    await store.addCounts([view]);
    db.exec(
      `INSERT INTO remote_vitals (minute_start, remote, version, route, metric, value, network)
       VALUES (0, 'mf_marketing', '1.0.0', '/', 'INP', 90, 'n')`,
    );
    db.exec(
      'ALTER TABLE remote_vitals DROP COLUMN other_slots; ALTER TABLE remote_vitals DROP COLUMN client',
    );
    db.pragma('user_version = 6');
    db.close();
    db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    expect(db.prepare('SELECT COUNT(*) AS rows FROM remote_vitals').get()).toEqual({ rows: 0 });
    store = new RemoteHealthStore(db, {
      retentionDays: 30,
      maxLoadsPerClient: 10,
      maxLoadsPerNetwork: 25,
      now: clock,
    });
    const report = {
      pageLoad: 'migrated-page-load-1',
      route: '/',
      bucket: 3,
      versions: [{ remote: 'mf_marketing', version: '1.0.0' }],
      vitals: { INP: 120 },
    };
    await store.recordVitals(report, visitorOf('203.0.113.9'), new Map([['mf_marketing', '1.0.0']]));
    expect(store.report(now - day).vitals).toMatchObject([
      { route: '/', metric: 'INP', otherSlots: 'default', samples: 1, clients: 1, networks: 1 },
    ]);
    expect(counts()).toEqual(['view 1']);
  });

  it('is added to a database of the previous release, keeping its counts', async () => {
    await store.addCounts([view]);
    db.exec(
      'DROP TABLE remote_health_page_loads; DROP TABLE remote_health_visitors; DROP TABLE remote_health_version_keys',
    );
    db.exec('DROP TABLE remote_vitals; DROP TABLE remote_vitals_visitors');
    db.pragma('user_version = 3');
    db.close();
    db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(7);
    store = new RemoteHealthStore(db, {
      retentionDays: 30,
      maxLoadsPerClient: 10,
      maxLoadsPerNetwork: 25,
      now: clock,
    });
    await store.record(beaconOf([view]), visitorOf('203.0.113.9'));
    expect(counts()).toEqual(['view 2']);
  });

  it('prunes page loads after a day, and the visitors with the counts', async () => {
    await store.record(beaconOf([view], 'kept-for-a-day-xxxxxxxx'), visitorOf('203.0.113.9'));
    now += day + 2 * 60 * minute;
    store.prune();
    expect(db.prepare('SELECT COUNT(*) AS n FROM remote_health_page_loads').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM remote_health_visitors').get()).toEqual({ n: 2 });
    now += 31 * day;
    store.prune();
    expect(db.prepare('SELECT COUNT(*) AS n FROM remote_health_visitors').get()).toEqual({ n: 0 });
  });
});
