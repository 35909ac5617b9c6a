import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { apiMessages, idempotencyKeyHeader, parseIdempotencyKey } from 'shared-content/enquiry';
import { failure } from '../http/replies.ts';
import { describeError, headerSafe } from '../runtime/logger.ts';
import {
  fingerprintOf,
  type KeyedRequest,
  type Prior,
  type StoredReply,
} from '../store/idempotency-store.ts';
import type { AppDependencies } from './dependencies.ts';

/**
 * The request's Idempotency-Key with what it said, or null without the header (old clients, curl: stored
 * each time, as before). A malformed header never gets here: app.ts answers it with a 400 before the body.
 */
export function keyedRequest(c: Context, fields: unknown): KeyedRequest | null {
  const header = c.req.header(idempotencyKeyHeader);
  const key = header === undefined ? null : parseIdempotencyKey(header);
  return key === null ? null : { key, fingerprint: fingerprintOf(c.req.path, fields) };
}

function send(c: Context, reply: StoredReply) {
  return c.body(reply.body, reply.status as ContentfulStatusCode, { 'Content-Type': reply.contentType });
}

function answerPrior(c: Context, deps: AppDependencies, request: KeyedRequest, prior: Prior): Response {
  if (prior.kind === 'conflict') {
    deps.logger.warn('idempotency key reused for another request', { path: headerSafe(c.req.path) });
    return failure(c, 422, apiMessages.idempotencyKeyReused);
  }
  deps.logger.info('repeat answered with the first reply', {
    path: headerSafe(c.req.path),
    key: request.key.slice(0, 8),
  });
  // Stripe's name for the same fact: the client may log it; the reply itself is the first one, byte for byte.
  c.header('Idempotent-Replayed', 'true');
  return send(c, prior.reply);
}

/** A repeat of a keyed request answered at once, before validation: its first reply, or 422 if it differs. */
export function repeatOf(c: Context, deps: AppDependencies, request: KeyedRequest | null): Response | null {
  if (request === null) return null;
  const prior = deps.idempotency.prior(request);
  return prior === null ? null : answerPrior(c, deps, request, prior);
}

export const jsonReply = (value: unknown): StoredReply => ({
  status: 200,
  contentType: 'application/json',
  body: JSON.stringify(value),
});

export const textReply = (text: string): StoredReply => ({
  status: 200,
  contentType: 'text/plain; charset=UTF-8',
  body: text,
});

/**
 * Stores once and answers: `write` runs in one transaction with the key's record, so the write is durable
 * (and the key with it) before the 200, which is a promise kept. A failed write answers 500 and records no
 * key, so the visitor's retry with the same key is stored then. A key already recorded (a repeat that came
 * in while the first was being written) gets the first reply, and nothing is written twice.
 */
export async function storeOnce<T>(
  c: Context,
  deps: AppDependencies,
  what: string,
  request: KeyedRequest | null,
  write: () => T,
  replyOf: (value: T) => StoredReply,
): Promise<{ response: Response; stored?: T }> {
  try {
    const outcome = await deps.idempotency.once(request, write, replyOf);
    if (outcome.kind !== 'stored')
      return { response: answerPrior(c, deps, request as KeyedRequest, outcome) };
    return { response: send(c, replyOf(outcome.value)), stored: outcome.value };
  } catch (error) {
    deps.logger.error(`could not store ${what}`, describeError(error));
    return { response: failure(c, 500, apiMessages.storeFailed) };
  }
}

/** A filled honeypot: log it, store nothing, and answer exactly like a success so the bot learns nothing. */
export function discardBot(deps: AppDependencies, route: string): string {
  deps.logger.info('honeypot filled; request discarded', { route });
  return randomUUID();
}
