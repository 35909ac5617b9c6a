import type { Context } from 'hono';
import {
  type AcceptedReply,
  apiMessages,
  fieldIssues,
  newsletterSubscriptionSchema,
} from 'shared-content/enquiry';
import { takeHoneypot } from '../http/honeypot.ts';
import { isRecord, readJsonBody } from '../http/json-body.ts';
import { failure } from '../http/replies.ts';
import { describeError, maskEmail } from '../logger.ts';
import type { AppDependencies } from './dependencies.ts';
import { discardBot } from './store-reply.ts';

/**
 * POST /subscribe: the footer's Newsletter form. Idempotent per address (case-insensitive): subscribing again
 * answers the same 200 with the same id and stores nothing new, so it also does not reveal who subscribed.
 */
export function subscribe(deps: AppDependencies) {
  return async (c: Context) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    if (isRecord(body.value) && takeHoneypot(body.value)) {
      return c.json({ ok: true, id: discardBot(deps, 'subscribe') } satisfies AcceptedReply);
    }
    const parsed = newsletterSubscriptionSchema.safeParse(body.value);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      const [first] = issues;
      return failure(c, 400, first?.message ?? 'Invalid subscription.', {
        ...(first?.field ? { field: first.field } : {}),
        issues,
      });
    }
    let result: { id: string; created: boolean };
    try {
      result = await deps.inbox.subscribe(parsed.data.email);
    } catch (error) {
      deps.logger.error('could not store subscription', describeError(error));
      return failure(c, 500, apiMessages.storeFailed);
    }
    deps.logger.info(result.created ? 'subscriber stored' : 'subscriber already stored', {
      id: result.id,
      email: maskEmail(parsed.data.email),
    });
    return c.json({ ok: true, id: result.id } satisfies AcceptedReply);
  };
}
