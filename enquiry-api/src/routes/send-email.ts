import type { Context } from 'hono';
import { type AcceptedReply, enquirySchema, fieldIssues } from 'shared-content/enquiry';
import { takeHoneypot } from '../http/honeypot.ts';
import { isRecord, readJsonBody } from '../http/json-body.ts';
import { failure } from '../http/replies.ts';
import { maskEmail } from '../runtime/logger.ts';
import type { AppDependencies } from './dependencies.ts';
import { discardBot, jsonReply, keyedRequest, repeatOf, storeOnce } from './store-reply.ts';

const accepted = (id: string) => jsonReply({ ok: true, id } satisfies AcceptedReply);

/**
 * POST /send-email: the main form's enquiry, stored before the 200 { ok, id }. With an Idempotency-Key, a
 * repeat gets the first reply and stores nothing.
 */
export function sendEmail(deps: AppDependencies) {
  return async (c: Context) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    const request = keyedRequest(c, body.value);
    const repeat = repeatOf(c, deps, request);
    if (repeat) return repeat;
    if (isRecord(body.value) && takeHoneypot(body.value)) {
      return (await storeOnce(c, deps, 'bot reply', request, () => discardBot(deps, 'send-email'), accepted))
        .response;
    }
    const parsed = enquirySchema.safeParse(body.value);
    if (!parsed.success) {
      const issues = fieldIssues(parsed.error);
      const [first] = issues;
      return failure(c, 400, first?.message ?? 'Invalid enquiry.', {
        ...(first?.field ? { field: first.field } : {}),
        issues,
      });
    }
    const enquiry = parsed.data;
    const { response, stored } = await storeOnce(
      c,
      deps,
      'message',
      request,
      () => deps.inbox.insertNow('enquiry', enquiry),
      accepted,
    );
    if (stored !== undefined) {
      deps.logger.info('message stored', {
        id: stored,
        kind: 'enquiry',
        email: maskEmail(enquiry.email),
        messageChars: enquiry.message.length,
      });
      deps.onStored();
    }
    return response;
  };
}
