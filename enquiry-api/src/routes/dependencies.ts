import type { Context } from 'hono';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { LiveRemoteMap } from '../runtime/live-map.ts';
import type { Logger } from '../runtime/logger.ts';
import type { IdempotencyStore } from '../store/idempotency-store.ts';
import type { Inbox } from '../store/inbox.ts';
import type { RemoteHealthStore } from '../store/remote-health-store.ts';

/** What the HTTP app needs from its host; the Node entry wires real ones, and another runtime could too. */
export interface AppDependencies {
  inbox: Inbox;
  /** Idempotency-Keys and the replies to their first requests: one row and one mail per key. */
  idempotency: IdempotencyStore;
  /** The shell's beacon counts per remote version (POST /beacon). */
  remoteHealth: RemoteHealthStore;
  /** The versions live in the site's remote map: a beacon counts only for those. */
  liveRemoteMap: LiveRemoteMap;
  logger: Logger;
  /** Origins whose pages may call the API from a browser. */
  allowedOrigins: readonly string[];
  /** Every POST but the beacon: the forms' budget per client. */
  rateLimiter: RateLimiter;
  /** POST /beacon's own budget per client, so telemetry never uses up the forms'. */
  beaconRateLimiter: RateLimiter;
  maxBodyBytes: number;
  /** The client's address, the key of the rate limit. */
  clientAddress: (c: Context) => string;
  /** The address of the connection's other end, whatever X-Forwarded-For says (GET /remote-health's check). */
  peerAddress: (c: Context) => string;
  /** GET /remote-health's Bearer key (ENQUIRY_HEALTH_KEY); null: direct loopback clients only. */
  healthKey: string | null;
  /** True when a trusted proxy says the request came over https (the reply then carries HSTS). */
  overHttps: (c: Context) => boolean;
  /** Called after a message is stored, so the outbox worker sends it at once. */
  onStored: () => void;
  /** For GET /health: whether the process is stopping. */
  status: () => { shuttingDown: boolean };
}
