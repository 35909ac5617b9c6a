/**
 * The enquiry API on Node: reads the configuration from the environment, opens the database, starts the HTTP
 * server and the outbox worker, and shuts down cleanly on SIGTERM/SIGINT.
 *   ENQUIRY_DATA_DIR=… ENQUIRY_SMTP_HOST=… tsx src/main.ts      (all variables: enquiry-api/README.md)
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { apiMessages } from 'shared-content/enquiry';
import { createNodeServer } from 'site-node-server';
import { plainPeerAddress } from 'site-node-server/peer-address';
import { createApp } from './app.ts';
import { fromTheRight } from './http/forwarded.ts';
import { RateLimiter } from './http/rate-limit.ts';
import { createFolderWriter, createSmtpSender } from './mail/transports.ts';
import { OutboxWorker } from './outbox/worker.ts';
import { type ApiConfig, ConfigError, loadConfig } from './runtime/config.ts';
import { createLiveRemoteMap } from './runtime/live-map.ts';
import { createLogger, describeError, type Logger } from './runtime/logger.ts';
import { openDatabase } from './store/database.ts';
import { IdempotencyStore } from './store/idempotency-store.ts';
import { Inbox } from './store/inbox.ts';
import { RemoteHealthStore } from './store/remote-health-store.ts';

let config: ApiConfig;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  createLogger().error('invalid configuration', { error: error.message });
  process.exit(1);
}
const logger: Logger = createLogger(config.logLevel);

function clientAddress(c: Context): string {
  const forwarded = fromTheRight(c.req.header('x-forwarded-for'), config.trustProxy);
  if (forwarded) return forwarded;
  return plainPeerAddress(getConnInfo(c).remote.address);
}

/** The connection's own peer, for GET /remote-health's loopback check (never X-Forwarded-For). */
function peerAddress(c: Context): string {
  return getConnInfo(c).remote.address ?? 'unknown';
}

/** Only a trusted proxy's word counts: a client could send X-Forwarded-Proto itself. */
function overHttps(c: Context): boolean {
  return fromTheRight(c.req.header('x-forwarded-proto'), config.trustProxy)?.toLowerCase() === 'https';
}

const db = openDatabase(config.dataDir);
const inbox = new Inbox(db);
const remoteHealth = new RemoteHealthStore(db, {
  retentionDays: config.healthRetentionDays,
  ...config.healthShare,
});
const transport = config.smtp ? createSmtpSender(config.smtp) : createFolderWriter(config.dataDir);
const worker = new OutboxWorker({ inbox, transport, addresses: config.mail, logger, ...config.outbox });
let shuttingDown = false;

const app = createApp({
  inbox,
  idempotency: new IdempotencyStore(db),
  remoteHealth,
  liveRemoteMap: createLiveRemoteMap({ ...config.remoteMap, logger }),
  logger,
  allowedOrigins: config.allowedOrigins,
  rateLimiter: new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs),
  beaconRateLimiter: new RateLimiter(config.beaconRateLimit.max, config.beaconRateLimit.windowMs),
  maxBodyBytes: config.maxBodyBytes,
  clientAddress,
  peerAddress,
  healthKey: config.healthKey,
  overHttps,
  onStored: () => worker.kick(),
  status: () => ({ shuttingDown }),
});

// Replies sent before a request's body was read (413, 415, 429, 403…) either drain a small rest of the body and
// keep the connection, or say `Connection: close` and close it cleanly: see site-node-server (node-server/src/node-server.ts).
const server: Server = createNodeServer(app.fetch, {
  hostname: config.host,
  maxBodyBytes: config.maxBodyBytes,
  duplicateHost: apiMessages.duplicateHost,
});
server.listen(config.port, config.host);

server.once('error', (error: NodeJS.ErrnoException) => {
  logger.error(
    error.code === 'EADDRINUSE'
      ? `port ${config.port} is already in use: stop the other server or set ENQUIRY_PORT / AGENCY_PORT_BASE`
      : 'server error',
    describeError(error),
  );
  process.exit(1);
});

server.once('listening', () => {
  const { port } = server.address() as AddressInfo;
  logger.info('listening', {
    host: config.host,
    port,
    dataDir: config.dataDir,
    mail: config.smtp
      ? `smtp ${config.smtp.host}:${config.smtp.port}`
      : 'outbox folder (SMTP not configured)',
    allowedOrigins: config.allowedOrigins,
    rateLimit: config.rateLimit,
    beaconRateLimit: config.beaconRateLimit,
    healthRetentionDays: config.healthRetentionDays,
    healthShare: config.healthShare,
    remoteMap: config.remoteMap.url,
    remoteHealthAccess: config.healthKey ? 'Bearer key' : 'direct loopback clients only',
  });
  worker.start();
});

/**
 * Stop accepting connections, let requests in flight finish (their writes are synchronous, so a stored
 * enquiry always gets its reply), let the mail being sent finish, then close the database.
 */
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info('shutting down', { signal });
  const forceClose = setTimeout(() => server.closeAllConnections(), config.shutdownTimeoutMs);
  // A keep-alive connection whose request finishes after close() would otherwise stay open until the timeout.
  const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  clearTimeout(forceClose);
  clearInterval(closeIdle);
  await worker.stop();
  db.close();
  logger.info('stopped');
  process.exit(0);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// Started by the site's start script with an IPC channel: if that script dies, even by SIGKILL, stop too
// rather than linger on the port.
if (process.send) process.on('disconnect', () => void shutdown('parent exited'));
