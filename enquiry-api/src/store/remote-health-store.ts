import { createHmac, randomBytes } from 'node:crypto';
import type {
  RemoteHealthBeacon,
  RemoteHealthEvent,
  RemoteHealthReport,
  VitalsReport,
} from 'shared-content/enquiry';
import type { Db } from './database.ts';
import { minuteStart, sumRemoteHealth, sumVisitors } from './remote-health-sums.ts';
import {
  type RecordOutcome,
  recordVitals,
  sumVitals,
  type Visitor,
  type VitalsStatements,
  vitalsStatements,
} from './remote-vitals.ts';
import { type WriteBatcher, writeBatcherOf } from './write-batcher.ts';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
/** Old rows are looked for at most this often: one delete an hour keeps the table bounded, one per beacon would not pay. */
export const pruneIntervalMs = 60 * minuteMs;

export { minuteStart } from './remote-health-sums.ts';

/** A page load's id is remembered this long: a page that stays open longer may be counted once more. */
export const pageLoadMemoryMs = dayMs;

export interface RemoteHealthStoreOptions {
  /** Rows of minutes older than this many days are deleted. */
  retentionDays: number;
  /**
   * Page loads one client counts per UTC day and remote version: as views, and as failures (of any kind,
   * together); more are not counted.
   */
  maxLoadsPerClient: number;
  /** The same for one network (every client in it together). */
  maxLoadsPerNetwork: number;
  /** The clock; tests move it. */
  now?: () => number;
}

export type { RecordOutcome, Visitor } from './remote-vitals.ts';

const dayOf = (time: number) => Math.floor(time / dayMs);

/**
 * The API's side of the remote health tables. A beacon counts each remote and kind once per page load: the
 * first event of that remote and kind in the page load's first beacon that has it counts 1 (its count field
 * says how often the page saw it, which only that page knows, so it is not trusted), and the page load's id
 * is remembered for a day so later beacons of the same page add nothing more. Each client and each network
 * counts at most its share of page loads per UTC day and remote version, as views and as failures of any kind
 * together (maxLoadsPerClient and maxLoadsPerNetwork); past it, nothing more of theirs is counted or stored, so one browser or one network
 * cannot outweigh the rest. Per day, each client's and network's counted loads are kept under an HMAC of the
 * remote version's random key, the same on every day, so the distinct clients and networks behind a version's
 * counts over a canary's whole period can be told (GET /remote-health) and one address is one client however
 * many days it sends; the addresses are never stored, and the key is deleted with the version's last counts
 * (the retention), after which no stored hash leads back to an address. Old rows are deleted at start and then
 * at most once an hour, on a write.
 */
export class RemoteHealthStore {
  private readonly upsert;
  private readonly deleteBefore;
  private readonly rememberPageLoad;
  private readonly loadsOf;
  private readonly addLoad;
  private readonly versionKey;
  private readonly addVersionKey;
  private readonly forget;
  private readonly vitals: VitalsStatements;
  private readonly writes: WriteBatcher;
  private readonly now: () => number;
  private nextPruneAt = 0;

  constructor(
    private readonly db: Db,
    private readonly options: RemoteHealthStoreOptions,
  ) {
    this.now = options.now ?? Date.now;
    // Group commit on the connection's one batcher: beacons and enquiries that arrive together share one wait
    // for the disk.
    this.writes = writeBatcherOf(db);
    this.upsert = db.prepare(
      `INSERT INTO remote_health (minute_start, remote, version, kind, reason, count)
       VALUES (@minuteStart, @remote, @version, @kind, @reason, @count)
       ON CONFLICT (minute_start, remote, version, kind, reason) DO UPDATE SET count = count + excluded.count`,
    );
    this.deleteBefore = db.prepare('DELETE FROM remote_health WHERE minute_start < ?');
    this.rememberPageLoad = db.prepare(
      `INSERT OR IGNORE INTO remote_health_page_loads (page_load, remote, kind, seen_at)
       VALUES (@pageLoad, @remote, @kind, @at)`,
    );
    // A view's share is its own; the failures of every kind share one, so that a client sending all three kinds
    // does not count three times its share of failures.
    this.loadsOf = db.prepare(
      `SELECT COALESCE(SUM(loads), 0) AS loads FROM remote_health_visitors
       WHERE day = @day AND remote = @remote AND version = @version AND scope = @scope AND hash = @hash
         AND (kind = @kind OR (@kind <> 'view' AND kind <> 'view'))`,
    );
    this.addLoad = db.prepare(
      `INSERT INTO remote_health_visitors (day, remote, version, kind, scope, hash, loads)
       VALUES (@day, @remote, @version, @kind, @scope, @hash, 1)
       ON CONFLICT (day, remote, version, kind, scope, hash) DO UPDATE SET loads = loads + 1`,
    );
    this.versionKey = db.prepare(
      `UPDATE remote_health_version_keys SET last_day = @day WHERE remote = @remote AND version = @version
       RETURNING key`,
    );
    this.addVersionKey = db.prepare(
      `INSERT INTO remote_health_version_keys (remote, version, key, last_day)
       VALUES (@remote, @version, @key, @day)`,
    );
    this.forget = {
      pageLoads: db.prepare('DELETE FROM remote_health_page_loads WHERE seen_at < ?'),
      visitors: db.prepare('DELETE FROM remote_health_visitors WHERE day < ?'),
      versionKeys: db.prepare('DELETE FROM remote_health_version_keys WHERE last_day < ?'),
    };
    this.vitals = vitalsStatements(db);
    this.prune();
  }

  /**
   * Counts a validated beacon from `visitor` (see the class): each remote and kind once per page load, within
   * the client's and the network's share, in the minute it arrived in; all or nothing (one transaction).
   * Resolves once committed, with what was counted.
   */
  record(beacon: RemoteHealthBeacon, visitor: Visitor): Promise<RecordOutcome> {
    const at = this.now();
    return this.writes.run(() => {
      if (at >= this.nextPruneAt) this.pruneAt(at);
      const day = dayOf(at);
      const outcome: RecordOutcome = { counted: 0, repeated: 0, overShare: 0 };
      const seen = new Set<string>();
      for (const event of beacon.events) {
        const pair = `${event.remote} ${event.kind}`;
        if (seen.has(pair)) continue;
        seen.add(pair);
        const key = { day, remote: event.remote, version: event.version, kind: event.kind };
        const hashOf = this.hasherFor(event.remote, event.version, day);
        const hashes = {
          client: hashOf(`client ${visitor.client}`),
          network: hashOf(`network ${visitor.network}`),
        };
        const loads = (scope: 'client' | 'network') =>
          (this.loadsOf.get({ ...key, scope, hash: hashes[scope] }) as { loads: number } | undefined)
            ?.loads ?? 0;
        // The share first: a client past it stores nothing at all, not even the page load's id.
        if (
          loads('client') >= this.options.maxLoadsPerClient ||
          loads('network') >= this.options.maxLoadsPerNetwork
        ) {
          outcome.overShare += 1;
          continue;
        }
        const page = { pageLoad: beacon.pageLoad, remote: event.remote, kind: event.kind, at };
        if (this.rememberPageLoad.run(page).changes === 0) {
          outcome.repeated += 1;
          continue;
        }
        this.addLoad.run({ ...key, scope: 'client', hash: hashes.client });
        this.addLoad.run({ ...key, scope: 'network', hash: hashes.network });
        this.addCount(minuteStart(at), { ...event, count: 1 });
        outcome.counted += 1;
      }
      return outcome;
    });
  }

  /**
   * Stores a validated Web Vitals report from `visitor` (remote-vitals.ts): per remote version, once per page
   * load and within the same daily shares as the counts, in the minute it arrived in, each remote's samples with
   * what its page's other slots ran by `defaults` (each remote's default version in the live map); all or nothing.
   */
  recordVitals(
    report: VitalsReport,
    visitor: Visitor,
    defaults: ReadonlyMap<string, string>,
  ): Promise<RecordOutcome> {
    const time = this.now();
    return this.writes.run(() => {
      if (time >= this.nextPruneAt) this.pruneAt(time);
      const hasher = (remote: string, version: string, day: number) => this.hasherFor(remote, version, day);
      const at = { time, day: dayOf(time) };
      return recordVitals(this.vitals, report, visitor, at, hasher, this.options, defaults);
    });
  }

  /**
   * HMAC with the remote version's key (made when its first beacon comes, kept while its counts are), cut to 128
   * bits: the same client is the same hash on every day of a canary, so it is one client however long it lasts.
   */
  private hasherFor(remote: string, version: string, day: number): (text: string) => string {
    let row = this.versionKey.get({ remote, version, day }) as { key: Buffer } | undefined;
    if (!row) {
      row = { key: randomBytes(32) };
      this.addVersionKey.run({ remote, version, key: row.key, day });
    }
    const key = row.key;
    return (text) => createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);
  }

  private addCount(minute: number, { remote, version, kind, reason, count }: RemoteHealthEvent) {
    this.upsert.run({ minuteStart: minute, remote, version, kind, reason: reason ?? '', count });
  }

  /**
   * Adds counts to the minute it is now as they are, without any page load or visitor: the primitive record()
   * counts with, all or nothing (one transaction). For this package's tests of the sums and the pruning.
   */
  addCounts(events: readonly RemoteHealthEvent[]): Promise<void> {
    const at = this.now();
    return this.writes.run(() => {
      if (at >= this.nextPruneAt) this.pruneAt(at);
      for (const event of events) this.addCount(minuteStart(at), event);
    });
  }

  /**
   * The counts summed from the minute `since` is in onwards (Unix ms), and the distinct clients and networks
   * behind them from its UTC day onwards: GET /remote-health's reply.
   */
  report(since: number): RemoteHealthReport {
    const counts = sumRemoteHealth(this.db, { since });
    const visitors = sumVisitors(this.db, dayOf(since));
    const vitals = sumVitals(this.db, since);
    return { since: new Date(minuteStart(since)).toISOString(), counts, visitors, vitals };
  }

  /** Deletes the rows older than the retention now; returns how many went. */
  prune(): number {
    return this.pruneAt(this.now());
  }

  private pruneAt(at: number): number {
    this.nextPruneAt = at + pruneIntervalMs;
    const oldest = at - this.options.retentionDays * dayMs;
    this.forget.pageLoads.run(at - pageLoadMemoryMs);
    this.forget.visitors.run(dayOf(oldest));
    this.vitals.forgetSamples.run(oldest);
    this.vitals.forgetVisitors.run(dayOf(oldest));
    // A version's key goes with the last of its visitors: from then on, no stored hash leads back to an address.
    this.forget.versionKeys.run(dayOf(oldest));
    return this.deleteBefore.run(oldest).changes;
  }
}
