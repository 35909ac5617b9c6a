import type { Context } from 'hono';
import { type AcceptedReply, enquirySchema, fieldIssues } from 'shared-content/enquiry';
import { takeHoneypot } from '../http/honeypot.ts';
import { isRecord, readJsonBody } from '../http/json-body.ts';
import { failure } from '../http/replies.ts';
import type { AppDependencies } from './dependencies.ts';
import { discardBot, storeMessage } from './store-reply.ts';

/** POST /send-email: the main form's enquiry, stored before the 200 { ok, id }. */
export function sendEmail(deps: AppDependencies) {
  return async (c: Context) => {
    const body = await readJsonBody(c);
    if (!body.ok) return body.response;
    if (isRecord(body.value) && takeHoneypot(body.value)) {
      return c.json({ ok: true, id: discardBot(deps, 'send-email') } satisfies AcceptedReply);
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
    const stored = await storeMessage(
      c,
      deps,
      'enquiry',
      () => deps.inbox.addMessage('enquiry', enquiry),
      enquiry,
    );
    if (!stored.ok) return stored.response;
    return c.json({ ok: true, id: stored.id } satisfies AcceptedReply);
  };
}
