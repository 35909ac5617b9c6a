/**
 * What every request goes through before its route: the client's address read, a refusal logged with who and
 * from where, every upload in the audit log, the key checked (401), and a query parameter a route does not take
 * refused. Also the replies to a failure, an unknown route and the health check.
 */
import { releaseRoutes } from 'build-config/release-protocol';
import { clientAddress, hostFailure, problemReply, unexpectedQuery } from './http.ts';
import { authenticate } from './keys.ts';
import type { ServiceApp, ServiceParts } from './service-parts.ts';
import { recordUploads } from './upload-audit.ts';

export function serviceGuards(app: ServiceApp, { deploy, gate, hops, log, logError }: ServiceParts) {
  // The client's address is read as the request arrives, while its socket is surely open.
  app.use('*', async (c, next) => {
    clientAddress(c, hops);
    await next();
  });

  app.onError((error, c) => hostFailure(c, error.message, logError));
  app.notFound((c) => problemReply(c, 404, 'not-found', `No such route: ${c.req.method} ${c.req.path}.`));

  // No key needed, so it says no more than whether a change is under way (not whose, nor of what).
  app.get(releaseRoutes.health, (c) => c.json({ ok: true, status: gate.busy ? 'busy' : 'idle' }));

  // A refused change is logged with who and from where: an operator looking at the log at 3 a.m. sees a team's
  // pipeline failing, or someone trying keys, without asking anyone.
  app.use('/v1/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.res.status >= 400) {
      const by = c.get('holder')?.name ?? 'no valid key';
      log?.error(
        `Release service: ${c.req.method} ${c.req.path} by ${by} from ${clientAddress(c, hops)} refused (${c.res.status})`,
      );
    }
  });

  // Every upload, accepted or refused (a 401 too), in the audit log.
  app.use(
    '/v1/*',
    recordUploads({ deploy: deploy.path, from: (c) => clientAddress(c, hops), log: logError }),
  );

  app.use('/v1/*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    const holder = authenticate(deploy.path, c.req.header('authorization'));
    if (!holder) {
      c.header('WWW-Authenticate', 'Bearer realm="release"');
      return problemReply(
        c,
        401,
        'unauthorized',
        'This needs a valid release key (Authorization: Bearer <key>); the key given is missing, unknown or revoked. Nothing changed.',
      );
    }
    c.set('holder', holder);
    await next();
  });

  // A parameter a route does not take is refused, not ignored: `?canry=10` must not release to everyone.
  app.use('/v1/*', async (c, next) => {
    const refusal = unexpectedQuery(c);
    if (refusal) return problemReply(c, 400, 'usage', refusal);
    await next();
  });
}
