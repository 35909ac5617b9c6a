import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { apiMessages } from 'shared-content/enquiry';
import { failure } from '../http/replies.ts';
import { describeError, maskEmail } from '../logger.ts';
import type { AppDependencies } from './dependencies.ts';

/**
 * Stores a message and reports the outcome: the write is durable before this returns, so the 200 that
 * follows is a promise kept. A failed write answers 500, and the visitor knows to try again.
 */
export async function storeMessage(
  c: Context,
  deps: AppDependencies,
  kind: 'enquiry' | 'contact',
  store: () => Promise<string>,
  summary: { email: string; message: string },
): Promise<{ ok: true; id: string } | { ok: false; response: Response }> {
  let id: string;
  try {
    id = await store();
  } catch (error) {
    deps.logger.error('could not store message', { kind, ...describeError(error) });
    return { ok: false, response: failure(c, 500, apiMessages.storeFailed) };
  }
  deps.logger.info('message stored', {
    id,
    kind,
    email: maskEmail(summary.email),
    messageChars: summary.message.length,
  });
  deps.onStored();
  return { ok: true, id };
}

/** A filled honeypot: log it, store nothing, and answer exactly like a success so the bot learns nothing. */
export function discardBot(deps: AppDependencies, route: string): string {
  deps.logger.info('honeypot filled; request discarded', { route });
  return randomUUID();
}
