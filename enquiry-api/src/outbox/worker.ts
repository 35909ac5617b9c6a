import { describeError, type Logger } from '../logger.ts';
import { composeMail, type MailAddresses } from '../mail/compose.ts';
import type { MailTransport } from '../mail/transports.ts';
import type { Inbox, StoredMessage } from '../store/inbox.ts';
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
      for (const message of batch) {
        if (this.stopped) return;
        const ok = transport.kind === 'smtp' ? await this.send(message) : await this.writeToFolder(message);
        // A failure most likely means the server is down: leave the rest for the next run.
        if (!ok) return;
      }
    }
  }

  private async send(message: StoredMessage): Promise<boolean> {
    const { inbox, transport, addresses, logger } = this.options;
    if (transport.kind !== 'smtp') return false;
    try {
      await transport.send(composeMail(message, addresses));
    } catch (error) {
      const attempts = message.attempts + 1;
      const waitMs = retryDelay(attempts, this.options.retryBaseMs, this.options.retryMaxMs);
      const problem = describeError(error);
      inbox.markFailed(message.id, this.now() + waitMs, problem.error);
      this.failing = true;
      logger.warn('mail not delivered; will retry', {
        id: message.id,
        attempts,
        retryInMs: waitMs,
        ...problem,
      });
      return false;
    }
    inbox.markDelivered(message.id);
    logger.info('mail delivered', { id: message.id, kind: message.kind, attempts: message.attempts + 1 });
    if (this.failing) {
      this.failing = false;
      const waiting = inbox.retryAllNow(this.now());
      if (waiting > 0) logger.info('mail server is back; sending every waiting mail now', { waiting });
    }
    return true;
  }

  private async writeToFolder(message: StoredMessage): Promise<boolean> {
    const { inbox, transport, addresses, logger } = this.options;
    if (transport.kind !== 'folder') return false;
    try {
      const file = await transport.write(composeMail(message, addresses), message.id);
      inbox.markWrittenToOutbox(message.id, file);
      logger.warn(
        'SMTP is not configured: mail written to the outbox folder; the message stays undelivered',
        {
          id: message.id,
          kind: message.kind,
          file,
        },
      );
      return true;
    } catch (error) {
      logger.error('could not write mail to the outbox folder', { id: message.id, ...describeError(error) });
      return false;
    }
  }
}
