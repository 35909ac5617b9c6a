import { type Context, Hono, type Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import {
  apiMessages,
  beaconLimits,
  beaconMessages,
  enquiryApiPaths,
  idempotencyKeyHeader,
  parseIdempotencyKey,
} from 'shared-content/enquiry';
import type { RateLimiter } from './http/rate-limit.ts';
import { failure } from './http/replies.ts';
import { beacon } from './routes/beacon.ts';
import type { AppDependencies } from './routes/dependencies.ts';
import { health } from './routes/health.ts';
import { remoteHealthReport } from './routes/remote-health.ts';
import { sendEmail } from './routes/send-email.ts';
import { sendForm } from './routes/send-form.ts';
import { subscribe } from './routes/subscribe.ts';
import { vitals } from './routes/vitals.ts';
import { describeError, headerSafe } from './runtime/logger.ts';

export type { AppDependencies } from './routes/dependencies.ts';

/**
 * The enquiry API as a Hono app: runtime-neutral (it only sees Request/Response), so the same routes can move
 * to a serverless or edge runtime with another storage behind AppDependencies.
 */
export function createApp(deps: AppDependencies): Hono {
  const app = new Hono();
  const allowed = new Set(deps.allowedOrigins);

  // Access log: one line per request, with the path only (no query string) and never a body.
  app.use('*', async (c, next) => {
    const started = performance.now();
    // Read before the route runs: once a reply has closed the connection, Node no longer knows the peer.
    const client = deps.clientAddress(c);
    await next();
    deps.logger.info('request', {
      method: c.req.method,
      path: headerSafe(c.req.path),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      client,
    });
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    // Only when the trusted proxy says https: over plain http the header is meaningless, and a client alone
    // must not be able to turn it on for a host that is not served over TLS.
    if (deps.overHttps(c)) c.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });

  // A request from an origin not configured is refused outright (403), before any route runs. This stays our
  // own: Hono's cors() only leaves out the Access-Control-* headers and lets the request through, which hides
  // the reply from the foreign page but still stores its post (a multipart form needs no preflight). Requests
  // without an Origin header (server to server, curl) are not browser cross-origin calls and pass.
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin');
    if (origin === undefined || allowed.has(origin)) return next();
    deps.logger.warn('origin refused', { origin: headerSafe(origin), path: headerSafe(c.req.path) });
    if (c.req.method === 'OPTIONS') return c.body(null, 403);
    return failure(c, 403, apiMessages.originNotAllowed);
  });

  // The CORS headers for the site origins that passed, from Hono's middleware. Each list is one string because
  // the API has always sent them comma-and-space separated, and Hono joins a list's items with a bare comma.
  const corsHeaders = cors({
    origin: (origin) => origin,
    allowMethods: ['GET, POST, OPTIONS'],
    allowHeaders: [`Content-Type, ${idempotencyKeyHeader}`],
    exposeHeaders: ['Retry-After, Idempotent-Replayed'],
    maxAge: 600,
  });
  app.use('*', async (c, next) => {
    // Without an Origin there is nothing to allow, and no CORS header was ever sent.
    if (c.req.header('origin') === undefined) return next();
    const preflight = await corsHeaders(c, next);
    // Hono adds Vary: Access-Control-Request-Headers to a preflight as if it echoed the requested headers; it
    // answers the fixed list above, so the reply varies by Origin alone, as it always said.
    preflight?.headers.set('Vary', 'Origin');
    return preflight;
  });

  // Counts a request against a limiter per client before reading the body: junk counts as much as good requests.
  const limitRate =
    (limiter: RateLimiter, message: (retryAfterSeconds: number) => string) =>
    async (c: Context, next: Next) => {
      const verdict = limiter.hit(deps.clientAddress(c));
      if (verdict.allowed) return next();
      deps.logger.warn('rate limit reached', { client: deps.clientAddress(c), path: headerSafe(c.req.path) });
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return failure(c, 429, message(verdict.retryAfterSeconds));
    };

  // Every POST counts against the forms' limit, except the beacon: it has its own (below), so a page's
  // telemetry can never use up its visitor's enquiries, nor enquiries its telemetry.
  const limitForms = limitRate(deps.rateLimiter, apiMessages.tooManyRequests);
  // The Web Vitals report shares the beacon's budget: one limiter, one body limit.
  const beaconPaths: ReadonlySet<string> = new Set([enquiryApiPaths.beacon, enquiryApiPaths.vitals]);
  app.use('*', async (c, next) => {
    if (c.req.method !== 'POST' || beaconPaths.has(c.req.path)) return next();
    return limitForms(c, next);
  });

  const limitBody = bodyLimit({
    maxSize: deps.maxBodyBytes,
    onError: (c) => failure(c, 413, apiMessages.tooLarge),
  });
  const limitBeaconBody = bodyLimit({
    maxSize: beaconLimits.maxBytes,
    onError: (c) => failure(c, 413, beaconMessages.tooLarge),
  });

  // A malformed Idempotency-Key is refused before the body is read; the routes read a good one themselves.
  const checkIdempotencyKey = async (c: Context, next: Next) => {
    const header = c.req.header(idempotencyKeyHeader);
    if (header !== undefined && parseIdempotencyKey(header) === null) {
      return failure(c, 400, apiMessages.idempotencyKeyMalformed);
    }
    return next();
  };

  app.post(enquiryApiPaths.sendEmail, checkIdempotencyKey, limitBody, sendEmail(deps));
  app.post(enquiryApiPaths.subscribe, checkIdempotencyKey, limitBody, subscribe(deps));
  app.post(enquiryApiPaths.sendForm, checkIdempotencyKey, limitBody, sendForm(deps));
  const limitBeacons = limitRate(deps.beaconRateLimiter, beaconMessages.tooManyBeacons);
  app.post(enquiryApiPaths.beacon, limitBeacons, limitBeaconBody, beacon(deps));
  app.post(enquiryApiPaths.vitals, limitBeacons, limitBeaconBody, vitals(deps));
  app.get(enquiryApiPaths.health, health(deps));
  app.get(enquiryApiPaths.remoteHealth, remoteHealthReport(deps));

  for (const [path, allow] of [
    [enquiryApiPaths.sendEmail, 'POST'],
    [enquiryApiPaths.subscribe, 'POST'],
    [enquiryApiPaths.sendForm, 'POST'],
    [enquiryApiPaths.health, 'GET'],
    [enquiryApiPaths.beacon, 'POST'],
    [enquiryApiPaths.vitals, 'POST'],
    [enquiryApiPaths.remoteHealth, 'GET'],
  ] as const) {
    app.all(path, (c) => {
      c.header('Allow', allow);
      return failure(c, 405, apiMessages.methodNotAllowed);
    });
  }

  app.notFound((c) => failure(c, 404, apiMessages.notFound));
  app.onError((error, c) => {
    deps.logger.error('request failed', {
      method: c.req.method,
      path: headerSafe(c.req.path),
      client: deps.clientAddress(c),
      ...describeError(error),
    });
    return failure(c, 500, apiMessages.storeFailed);
  });
  return app;
}
