import { createHash } from 'node:crypto';
import { idempotencyKeyTtlMs } from 'shared-content/enquiry';
import type { Db } from './database.ts';
import { type WriteBatcher, writeBatcherOf } from './write-batcher.ts';

/** An accepted submission's reply as it went out, kept so a repeat gets the very same one. */
export interface StoredReply {
  status: number;
  contentType: string;
  body: string;
}

/** A submission that carried an Idempotency-Key: the key, and what the request said (route and fields). */
export interface KeyedRequest {
  key: string;
  fingerprint: string;
}

export type Prior = { kind: 'replay'; reply: StoredReply } | { kind: 'conflict' };
export type Outcome<T> = { kind: 'stored'; value: T } | Prior;

/** Old keys are looked for at most this often, as for the beacons' counts. */
const pruneIntervalMs = 60 * 60_000;

/** Sorted keys at every depth, so two encodings of the same fields give the same fingerprint. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * What a request said, as a hash: the route and its fields (parsed, not the raw bytes: a retried multipart
 * form has a new boundary). Equal fingerprints mean the same submission.
 */
export function fingerprintOf(route: string, fields: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${JSON.stringify(canonical(fields))}`)
    .digest('base64url');
}

/**
 * The idempotency_keys table. A keyed write looks the key up and stores the row and the key together, in one
 * transaction on the connection's one writer, so two requests with the same key, however close, store once:
 * the later one finds the earlier one's key and gets its reply. Keys older than a day count as unknown and are
 * deleted at start and then at most once an hour, on a write.
 */
export class IdempotencyStore {
  private readonly select;
  private readonly insert;
  private readonly deleteBefore;
  private readonly deleteStale;
  private readonly writes: WriteBatcher;
  private nextPruneAt = 0;

  constructor(
    db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.writes = writeBatcherOf(db);
    this.select = db.prepare(
      `SELECT fingerprint, status, content_type AS contentType, body FROM idempotency_keys
       WHERE key = ? AND created_at >= ?`,
    );
    this.insert = db.prepare(
      `INSERT INTO idempotency_keys (key, fingerprint, status, content_type, body, created_at)
       VALUES (@key, @fingerprint, @status, @contentType, @body, @createdAt)`,
    );
    this.deleteBefore = db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?');
    this.deleteStale = db.prepare('DELETE FROM idempotency_keys WHERE key = ? AND created_at < ?');
    this.prune();
  }

  /** What an earlier request with this key got: its reply, or a conflict when it said something else. */
  prior(request: KeyedRequest): Prior | null {
    const row = this.select.get(request.key, this.now() - idempotencyKeyTtlMs) as
      | (StoredReply & { fingerprint: string })
      | undefined;
    if (!row) return null;
    if (row.fingerprint !== request.fingerprint) return { kind: 'conflict' };
    const { status, contentType, body } = row;
    return { kind: 'replay', reply: { status, contentType, body } };
  }

  /**
   * Runs `write` (synchronous SQLite writes) and, for a keyed request, records its reply in the same
   * transaction; resolves once committed. A key already recorded runs nothing and says what it had.
   */
  once<T>(
    request: KeyedRequest | null,
    write: () => T,
    replyOf: (value: T) => StoredReply,
  ): Promise<Outcome<T>> {
    return this.writes.run((): Outcome<T> => {
      const at = this.now();
      if (at >= this.nextPruneAt) this.pruneAt(at);
      if (request) {
        this.deleteStale.run(request.key, at - idempotencyKeyTtlMs);
        const prior = this.prior(request);
        if (prior) return prior;
      }
      const value = write();
      if (request) this.insert.run({ ...request, ...replyOf(value), createdAt: at });
      return { kind: 'stored', value };
    });
  }

  /** Deletes the keys older than a day; returns how many went. */
  prune(): number {
    return this.pruneAt(this.now());
  }

  private pruneAt(at: number): number {
    this.nextPruneAt = at + pruneIntervalMs;
    return this.deleteBefore.run(at - idempotencyKeyTtlMs).changes;
  }
}
