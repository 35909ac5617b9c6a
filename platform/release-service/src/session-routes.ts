/**
 * Preview sessions' routes (session-requests.ts): no release key, the session or the links in the body are the
 * grant, checked as the hosts check them. Outside /v1/, so the key check does not apply; the site passes its
 * `/__preview/session…` paths here (site-hosting's static-host/session-forward.ts, nginx alike), which is how
 * the page devtools reach them from a browser.
 */
import { sessionRoutes as routes } from 'build-config/release-protocol';
import type { Context } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { clientAddress, jsonBody, problemReply, refusedBeforeChange } from './http.ts';
import { smallBody } from './release-routes.ts';
import type { ServiceApp, ServiceParts } from './service-parts.ts';
import { joinLinks, SessionRefusal, sessionChoices, switchRemote } from './session-requests.ts';

/**
 * A session request needs no key, and a switch writes a session's map (releases/sessions/<id>.json): so many
 * a client address may send in a window, far above a teammate clicking through the panel. Past it, a 429 that
 * says when to try again, nothing written.
 */
export const sessionRequestLimits = { perAddress: 300, windowMs: 10 * 60 * 1000 };

export function sessionRoutes(app: ServiceApp, { deploy, settings, hops, log, logError }: ServiceParts) {
  const production = settings.environments.production;
  const answer = async (
    c: Context,
    fields: readonly string[],
    run: (body: Record<string, unknown>) => object,
  ) => {
    c.header('Cache-Control', 'no-store');
    try {
      return c.json(run(await jsonBody(c, fields)));
    } catch (error) {
      if (error instanceof SessionRefusal) return problemReply(c, error.status, error.problem, error.message);
      return refusedBeforeChange(c, error, logError);
    }
  };
  const logged = (c: Context, done: { id: string; text: string }) => {
    log?.info(`Release service: preview session ${done.id} for ${clientAddress(c, hops)}: ${done.text}`);
    const { id: _id, ...reply } = done;
    return reply;
  };

  const limited = rateLimiter({
    windowMs: sessionRequestLimits.windowMs,
    limit: sessionRequestLimits.perAddress,
    keyGenerator: (c) => clientAddress(c, hops),
    standardHeaders: 'draft-6',
    handler: (c) => {
      log?.info(`Release service: preview session requests from ${clientAddress(c, hops)} over the limit`);
      return problemReply(
        c,
        429,
        'too-many-requests',
        `Too many preview session requests from this address: at most ${sessionRequestLimits.perAddress} in ${sessionRequestLimits.windowMs / 60_000} minutes. Try again later; nothing changed.`,
      );
    },
  });
  for (const path of ['/sessions', '/sessions/*']) app.use(path, limited, smallBody);
  app.post(routes.join, (c) =>
    answer(c, ['links'], (body) => logged(c, joinLinks(deploy, body.links, production))),
  );
  app.post(routes.switch, (c) =>
    answer(c, ['session', 'remote', 'to'], (body) => logged(c, switchRemote(deploy, body, production))),
  );
  app.post(routes.options, (c) => answer(c, ['session'], (body) => sessionChoices(deploy, body)));
  for (const path of Object.values(routes))
    app.on(['GET', 'PUT', 'DELETE', 'PATCH'], path, (c) =>
      problemReply(
        c,
        405,
        'usage',
        `${c.req.method} ${path} is not a route: it takes POST with a JSON body.`,
      ),
    );
}

export { SessionRefusal };
