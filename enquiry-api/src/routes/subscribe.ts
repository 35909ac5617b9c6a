import type { Context } from 'hono';
import { type AcceptedReply, fieldIssues, newsletterSubscriptionSchema } from 'shared-content/enquiry';
import { takeHoneypot } from '../http/honeypot.ts';
import { isRecord, readJsonBody } from '../http/json-body.ts';
import { failure } from '../http/replies.ts';
import { maskEmail } from '../runtime/logger.ts';
import type { AppDependencies } from './dependencies.ts';
import { discardBot, jsonReply, keyedRequest, repeatOf, storeOnce } from './store-reply.ts';

const accepted = (id: string) => jsonReply({ ok: true, id } satisfies AcceptedReply);

/**
 * POST /subscribe: the footer's Newsletter form. Idempotent per address (case-insensitive): subscribing again
 * answers the same 200 with the same id and stores nothing new, so it also does not reveal who subscribed.
 * An Idempotency-Key makes the repeat of one submission get the first reply byte for byte.
 */
export function subscribe(deps: AppDependencies) {
  return async (c: Context) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const request = keyedRequest(c, body.value);
    const repeat = repeatOf(c, deps, request);
    if (repeat) return repeat;
    if (isRecord(body.value) && takeHoneypot(body.value)) {
      return (await storeOnce(c, deps, 'bot reply', request, () => discardBot(deps, 'subscribe'), accepted))
        .response;
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
    const { email } = parsed.data;
    const { response, stored } = await storeOnce(
      c,
      deps,
      'subscription',
      request,
      () => deps.inbox.subscribeNow(email),
      (result) => accepted(result.id),
    );
    if (stored !== undefined) {
      deps.logger.info(stored.created ? 'subscriber stored' : 'subscriber already stored', {
        id: stored.id,
        email: maskEmail(email),
      });
    }
    return response;
  };
}
