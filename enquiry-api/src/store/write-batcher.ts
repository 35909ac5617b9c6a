import type { Db } from './database.ts';

interface PendingWrite {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. With synchronous=FULL every commit waits for the disk (a few ms), and better-sqlite3 waits on
 * the event loop, so one commit per request caps throughput at a few hundred a second. Writes that arrive in
 * the same turn of the event loop are committed together in one transaction instead; each caller's promise
 * settles only after that commit, so a 200 still means "on disk". If the shared transaction fails, each write
 * is retried alone, so one bad write cannot fail its neighbours.
 */
export class WriteBatcher {
  private pending: PendingWrite[] = [];

  constructor(private readonly db: Db) {}

  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush() {
    const batch = this.pending;
    this.pending = [];
    let results: unknown[];
    try {
      results = this.db.transaction(() => batch.map((entry) => entry.write()))();
    } catch {
      for (const entry of batch) {
        try {
          entry.resolve(this.db.transaction(entry.write)());
        } catch (error) {
          entry.reject(error);
        }
      }
      return;
    }
    for (const [index, entry] of batch.entries()) entry.resolve(results[index]);
  }
}

const batchers = new WeakMap<Db, WriteBatcher>();

/**
 * The one batcher of a connection. Every writer on the connection (the inbox, the remote health counts) shares
 * it, so writes that arrive in the same turn share one commit, whichever table they go to.
 */
export function writeBatcherOf(db: Db): WriteBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new WriteBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}
