import type { Context } from 'hono';
import { describeError } from '../runtime/logger.ts';
import type { AppDependencies } from './dependencies.ts';

/**
 * GET /health: 200 `{ ok: true, status: "ok" }` while the database answers and the process is not shutting
 * down, 503 otherwise. Nothing more: the counts of messages, subscribers and mails waiting would tell the
 * public whether a guessed address subscribed or a bot's message was dropped. An operator reads them with
 * `pnpm enquiries status`.
 */
export function health(deps: AppDependencies) {
  return (c: Context) => {
    if (deps.status().shuttingDown) return c.json({ ok: false, status: 'shutting down' }, 503);
    try {
      deps.inbox.ping();
      return c.json({ ok: true, status: 'ok' });
    } catch (error) {
      deps.logger.error('health check: database unavailable', describeError(error));
      return c.json({ ok: false, status: 'database unavailable' }, 503);
    }
  };
}
