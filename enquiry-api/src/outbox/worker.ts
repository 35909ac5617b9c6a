import { composeMail, type MailAddresses } from '../mail/compose.ts';
import type { MailTransport } from '../mail/transports.ts';
import { describeError, type Logger } from '../runtime/logger.ts';
import type { Inbox, OutboxOutcome, StoredMessage } from '../store/inbox.ts';
import { retryDelay } from './backoff.ts';

export interface OutboxWorkerOptions {
  inbox: Inbox;
  transport: MailTransport;
  addresses: MailAddresses;
  logger: Logger;
  /** How often to look for due mails when nothing new arrives. */
  intervalMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  batchSize: number;
  now?: () => number;
}

/**
 * Delivers stored messages: through SMTP, retrying with backoff until the server takes each one; or, with no
 * SMTP configured, by writing each to the outbox folder once (the message stays undelivered in the database,
 * so configuring SMTP later sends it). The database is the queue, so a restart loses nothing.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private again = false;
  /** The last SMTP attempt failed: the first success after it makes every waiting mail due at once. */
  private failing = false;
  /** Set by the first success after a failure; the run then makes every waiting mail due. */
  private recovered = false;
  private readonly now: () => number;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.now = options.now ?? Date.now;
  }

  start() {
    this.schedule(0);
  }

  /** A message was stored: deliver it now rather than at the next interval. */
  kick() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops after the mail being sent (if any) is done. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.options.transport.close();
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), delayMs);
  }

  private run() {
    this.timer = null;
    this.again = false;
    this.running = this.drain()
      .catch((error: unknown) => this.options.logger.error('outbox run failed', describeError(error)))
      .finally(() => {
        this.running = null;
        if (!this.stopped) this.schedule(this.again ? 0 : this.options.intervalMs);
      });
  }

  private async drain() {
    const { inbox, transport, batchSize } = this.options;
    while (!this.stopped) {
      const batch = transport.kind === 'smtp' ? inbox.due(this.now(), batchSize) : inbox.unwritten(batchSize);
      if (batch.length === 0) return;
      const outcomes: OutboxOutcome[] = [];
      let failed = false;
      for (const message of batch) {
        if (this.stopped) break;
        const outcome =
          transport.kind === 'smtp' ? await this.send(message) : await this.writeToFolder(message);
        if (outcome) outcomes.push(outcome);
        // A failure most likely means the server is down (or the disk full): leave the rest for the next run.
        if (!outcome || outcome.type === 'failed') {
          failed = true;
          break;
        }
      }
      inbox.recordOutcomes(outcomes);
      if (failed || this.stopped) return;
      if (this.recovered) {
        this.recovered = false;
        const waiting = inbox.retryAllNow(this.now());
        if (waiting > 0)
          this.options.logger.info('mail server is back; sending every waiting mail now', { waiting });
      }
    }
  }

  private async send(message: StoredMessage): Promise<OutboxOutcome | null> {
    const { transport, addresses, logger } = this.options;
    if (transport.kind !== 'smtp') return null;
    const attempts = message.attempts + 1;
    try {
      await transport.send(composeMail(message, addresses));
    } catch (error) {
      const waitMs = retryDelay(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      const problem = describeError(error);
      this.failing = true;
      logger.warn('mail not delivered; will retry', {
        id: message.id,
        attempts,
        retryInMs: waitMs,
        ...problem,
      });
      return { type: 'failed', id: message.id, nextAttemptAt: this.now() + waitMs, error: problem.error };
    }
    logger.info('mail delivered', { id: message.id, kind: message.kind, attempts });
    if (this.failing) {
      this.failing = false;
      this.recovered = true;
    }
    return { type: 'delivered', id: message.id, at: new Date() };
  }

  private async writeToFolder(message: StoredMessage): Promise<OutboxOutcome | null> {
    const { transport, addresses, logger } = this.options;
    if (transport.kind !== 'folder') return null;
    try {
      const file = await transport.write(composeMail(message, addresses), message.id);
      logger.warn(
        'SMTP is not configured: mail written to the outbox folder; the message stays undelivered',
        {
          id: message.id,
          kind: message.kind,
          file,
        },
      );
      return { type: 'written', id: message.id, file };
    } catch (error) {
      logger.error('could not write mail to the outbox folder', { id: message.id, ...describeError(error) });
      return null;
    }
  }
}
