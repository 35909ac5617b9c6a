import type { Context } from 'hono';
import { describeError } from '../logger.ts';
import type { AppDependencies } from './dependencies.ts';

const startedAt = Date.now();

/**
 * GET /health: 200 while the database answers and the process is not shutting down, 503 otherwise. The
 * counts let an operator see mails waiting (undelivered, and since when) without opening the database.
 */
export function health(deps: AppDependencies) {
  return (c: Context) => {
    const { mail, shuttingDown } = deps.status();
    if (shuttingDown) return c.json({ ok: false, status: 'shutting down' }, 503);
    try {
      const counts = deps.inbox.counts();
      return c.json({
        ok: true,
        status: 'ok',
        mail,
        ...counts,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    } catch (error) {
      deps.logger.error('health check: database unavailable', describeError(error));
      return c.json({ ok: false, status: 'database unavailable' }, 503);
    }
  };
}
