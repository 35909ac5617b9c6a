import type { Context } from 'hono';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { Logger } from '../logger.ts';
import type { Inbox } from '../store/inbox.ts';

/** What the HTTP app needs from its host; the Node entry wires real ones, and another runtime could too. */
export interface AppDependencies {
  inbox: Inbox;
  logger: Logger;
  /** Origins whose pages may call the API from a browser. */
  allowedOrigins: readonly string[];
  rateLimiter: RateLimiter;
  maxBodyBytes: number;
  /** The client's address, the key of the rate limit. */
  clientAddress: (c: Context) => string;
  /** Called after a message is stored, so the outbox worker sends it at once. */
  onStored: () => void;
  /** Facts for GET /health beyond the database counts (mail mode, shutting down). */
  status: () => { mail: 'smtp' | 'outbox-folder'; shuttingDown: boolean };
}
