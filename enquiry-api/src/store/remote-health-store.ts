import type { RemoteHealthEvent, RemoteHealthReport } from 'shared-content/enquiry';
import type { Db } from './database.ts';
import { minuteStart, sumRemoteHealth } from './remote-health-sums.ts';
import { type WriteBatcher, writeBatcherOf } from './write-batcher.ts';

const minuteMs = 60_000;
const dayMs = 24 * 60 * minuteMs;
/** Old rows are looked for at most this often: one delete an hour keeps the table bounded, one per beacon would not pay. */
export const pruneIntervalMs = 60 * minuteMs;

export { minuteStart } from './remote-health-sums.ts';

export interface RemoteHealthStoreOptions {
  /** Rows of minutes older than this many days are deleted. */
  retentionDays: number;
  /** The clock; tests move it. */
  now?: () => number;
}

/**
 * The API's side of the remote_health table: adds each beacon's counts to its minute's totals (one row per
 * minute, remote, version, kind and reason) and deletes what is older than the retention, at start and then
 * at most once an hour, on a write.
 */
export class RemoteHealthStore {
  private readonly upsert;
  private readonly deleteBefore;
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
    this.prune();
  }

  /**
   * Adds a validated beacon's counts to the minute it arrived in, all or nothing (one transaction); resolves
   * once they are committed.
   */
  record(events: readonly RemoteHealthEvent[]): Promise<void> {
    const at = this.now();
    return this.writes.run(() => {
      if (at >= this.nextPruneAt) this.pruneAt(at);
      const minute = minuteStart(at);
      for (const { remote, version, kind, reason, count } of events) {
        this.upsert.run({ minuteStart: minute, remote, version, kind, reason: reason ?? '', count });
      }
    });
  }

  /** The counts summed from the minute `since` is in onwards (Unix ms): GET /remote-health's reply. */
  report(since: number): RemoteHealthReport {
    const counts = sumRemoteHealth(this.db, { since });
    return { since: new Date(minuteStart(since)).toISOString(), counts };
  }

  /** Deletes the rows older than the retention now; returns how many went. */
  prune(): number {
    return this.pruneAt(this.now());
  }

  private pruneAt(at: number): number {
    this.nextPruneAt = at + pruneIntervalMs;
    return this.deleteBefore.run(at - this.options.retentionDays * dayMs).changes;
  }
}
