import { randomUUID } from 'node:crypto';
import type { Enquiry, SimpleContactMessage } from 'shared-content/enquiry';
import type { Db } from './database.ts';
import { type WriteBatcher, writeBatcherOf } from './write-batcher.ts';

export type MessageKind = 'enquiry' | 'contact';

/** One stored message, as a row of the messages table. */
export interface StoredMessage {
  id: string;
  kind: MessageKind;
  receivedAt: string;
  name: string;
  email: string;
  business: string;
  phone: string;
  service: string;
  message: string;
  deliveredAt: string | null;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  outboxFile: string | null;
}

/** What happened to one outbox message in a worker run. */
export type OutboxOutcome =
  | { type: 'delivered'; id: string; at: Date }
  | { type: 'failed'; id: string; nextAttemptAt: number; error: string }
  | { type: 'written'; id: string; file: string };

export interface Subscriber {
  id: string;
  email: string;
  subscribedAt: string;
}

export interface InboxCounts {
  messages: number;
  undelivered: number;
  subscribers: number;
  oldestUndeliveredAt: string | null;
}

export interface ListFilter {
  kind?: MessageKind;
  /** ISO date or timestamp: only messages received at or after it. */
  since?: string;
  undeliveredOnly?: boolean;
}

const columns = `id, kind, received_at AS receivedAt, name, email, business, phone, service, message,
  delivered_at AS deliveredAt, attempts, next_attempt_at AS nextAttemptAt, last_error AS lastError,
  outbox_file AS outboxFile`;

/** Read-only queries: what the `enquiries` command needs (list, export, status). */
export class InboxReader {
  constructor(protected readonly db: Db) {}

  /** Throws when the database cannot be read (GET /health's check); reads one page of the messages table. */
  ping(): void {
    this.db.prepare('SELECT 1 FROM messages LIMIT 1').get();
  }

  counts(): InboxCounts {
    const messages = this.db
      .prepare(
        `SELECT COUNT(*) AS messages, COUNT(*) FILTER (WHERE delivered_at IS NULL) AS undelivered,
           MIN(received_at) FILTER (WHERE delivered_at IS NULL) AS oldestUndeliveredAt FROM messages`,
      )
      .get() as Omit<InboxCounts, 'subscribers'>;
    const { subscribers } = this.db.prepare('SELECT COUNT(*) AS subscribers FROM subscribers').get() as {
      subscribers: number;
    };
    return { ...messages, subscribers };
  }

  list(filter: ListFilter = {}): StoredMessage[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.kind) {
      where.push('kind = ?');
      params.push(filter.kind);
    }
    if (filter.since) {
      where.push('received_at >= ?');
      params.push(filter.since);
    }
    if (filter.undeliveredOnly) where.push('delivered_at IS NULL');
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    return this.db
      .prepare(`SELECT ${columns} FROM messages ${clause} ORDER BY seq`)
      .all(...params) as StoredMessage[];
  }

  /** The mail queue: undelivered messages, oldest first, with their attempts and last error. */
  queue(): StoredMessage[] {
    return this.db
      .prepare(`SELECT ${columns} FROM messages WHERE delivered_at IS NULL ORDER BY next_attempt_at, seq`)
      .all() as StoredMessage[];
  }

  subscribers(since?: string): Subscriber[] {
    const clause = since ? 'WHERE subscribed_at >= ?' : '';
    return this.db
      .prepare(`SELECT id, email, subscribed_at AS subscribedAt FROM subscribers ${clause} ORDER BY seq`)
      .all(...(since ? [since] : [])) as Subscriber[];
  }
}

/** The API's storage: both forms' messages (which double as the mail outbox) and newsletter subscribers. */
export class Inbox extends InboxReader {
  private readonly insertMessage;
  private readonly insertSubscriber;
  private readonly findSubscriber;
  private readonly selectDue;
  private readonly selectUnwritten;
  private readonly updateDelivered;
  private readonly updateFailed;
  private readonly updateOutboxFile;
  private readonly updateRetryNow;
  private readonly selectById;

  private readonly writes: WriteBatcher;

  constructor(db: Db) {
    super(db);
    this.writes = writeBatcherOf(db);
    this.insertMessage = db.prepare(
      `INSERT INTO messages (id, kind, received_at, name, email, business, phone, service, message, next_attempt_at)
       VALUES (@id, @kind, @receivedAt, @name, @email, @business, @phone, @service, @message, @nextAttemptAt)`,
    );
    this.insertSubscriber = db.prepare(
      `INSERT INTO subscribers (id, email, subscribed_at) VALUES (?, ?, ?) ON CONFLICT (email) DO NOTHING`,
    );
    this.findSubscriber = db.prepare('SELECT id FROM subscribers WHERE email = ?');
    this.selectDue = db.prepare(
      `SELECT ${columns} FROM messages WHERE delivered_at IS NULL AND next_attempt_at <= ?
       ORDER BY next_attempt_at, seq LIMIT ?`,
    );
    this.selectUnwritten = db.prepare(
      `SELECT ${columns} FROM messages WHERE delivered_at IS NULL AND outbox_file IS NULL ORDER BY seq LIMIT ?`,
    );
    this.updateDelivered = db.prepare(
      'UPDATE messages SET delivered_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?',
    );
    this.updateFailed = db.prepare(
      'UPDATE messages SET attempts = attempts + 1, next_attempt_at = ?, last_error = ? WHERE id = ?',
    );
    this.updateOutboxFile = db.prepare('UPDATE messages SET outbox_file = ? WHERE id = ?');
    this.updateRetryNow = db.prepare(
      'UPDATE messages SET next_attempt_at = ? WHERE delivered_at IS NULL AND next_attempt_at > ?',
    );
    this.selectById = db.prepare(`SELECT ${columns} FROM messages WHERE id = ?`);
  }

  /** Stores a validated message; when the promise resolves, the row is committed to disk (synchronous=FULL). */
  addMessage(kind: 'enquiry', fields: Enquiry): Promise<string>;
  addMessage(kind: 'contact', fields: SimpleContactMessage): Promise<string>;
  addMessage(kind: MessageKind, fields: Enquiry | SimpleContactMessage): Promise<string> {
    return this.writes.run(() => this.insertNow(kind, fields));
  }

  /**
   * Inserts a validated message inside the caller's transaction (the idempotency store's, which records the
   * request's key beside it) and returns its id.
   */
  insertNow(kind: MessageKind, fields: Enquiry | SimpleContactMessage): string {
    const id = randomUUID();
    const now = new Date();
    this.insertMessage.run({
      id,
      kind,
      receivedAt: now.toISOString(),
      business: '',
      phone: '',
      service: '',
      ...fields,
      nextAttemptAt: now.getTime(),
    });
    return id;
  }

  /** Subscribes an address once: a repeat returns the first subscription's id and changes nothing. */
  subscribe(email: string): Promise<{ id: string; created: boolean }> {
    return this.writes.run(() => this.subscribeNow(email));
  }

  /** subscribe() inside the caller's transaction. */
  subscribeNow(email: string): { id: string; created: boolean } {
    const normalized = email.toLowerCase();
    const id = randomUUID();
    const { changes } = this.insertSubscriber.run(id, normalized, new Date().toISOString());
    if (changes === 1) return { id, created: true };
    const existing = this.findSubscriber.get(normalized) as { id: string };
    return { id: existing.id, created: false };
  }

  get(id: string): StoredMessage | undefined {
    return this.selectById.get(id) as StoredMessage | undefined;
  }

  /** Undelivered messages whose next attempt is due, oldest first. */
  due(now: number, limit: number): StoredMessage[] {
    return this.selectDue.all(now, limit) as StoredMessage[];
  }

  /** Undelivered messages not yet written to the outbox folder (mode without SMTP). */
  unwritten(limit: number): StoredMessage[] {
    return this.selectUnwritten.all(limit) as StoredMessage[];
  }

  /**
   * Records what the outbox worker did with a batch, in one transaction: one wait for the disk per batch
   * rather than per mail. (A crash before this commit means those mails are sent again: at least once.)
   */
  recordOutcomes(outcomes: readonly OutboxOutcome[]) {
    if (outcomes.length === 0) return;
    this.db.transaction(() => {
      for (const outcome of outcomes) {
        if (outcome.type === 'delivered') this.updateDelivered.run(outcome.at.toISOString(), outcome.id);
        else if (outcome.type === 'failed')
          this.updateFailed.run(outcome.nextAttemptAt, outcome.error.slice(0, 500), outcome.id);
        else this.updateOutboxFile.run(outcome.file, outcome.id);
      }
    })();
  }

  /** Makes every waiting message due now (the mail server is back: no need to sit out the backoff). */
  retryAllNow(now: number): number {
    return this.updateRetryNow.run(now, now).changes;
  }
}
