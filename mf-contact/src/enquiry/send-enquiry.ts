import type { Enquiry } from 'shared-content';
import { enquiryApiPaths, errorText, honeypotField, idempotencyKeyHeader } from 'shared-content/enquiry';
import type { EnquiryEvent } from './enquiry-machine.ts';

/** How a send ended, as the event the form's state machine takes next. */
export type EnquiryOutcome = Extract<EnquiryEvent, { type: 'succeeded' | 'serverFailed' | 'networkFailed' }>;

async function readErrorField(response: Response): Promise<string | undefined> {
  try {
    return errorText(await response.json()) ?? undefined;
  } catch {
    // Not JSON (a gateway's HTML error page, an empty body): there is no error text to show.
    return undefined;
  }
}

/**
 * POST {apiUrl}/send-email with the enquiry as JSON (spec section 7). Any success status counts as sent;
 * a failure status yields the body's error field; no response at all is a network failure. Never throws.
 * `honeypot` is what the hidden anti-bot field holds; it is sent only when filled, so people send exactly the
 * spec's six fields. `idempotencyKey` names the submission: a resend with the same key is stored once.
 */
export async function sendEnquiry(
  apiUrl: string,
  enquiry: Enquiry,
  {
    honeypot = '',
    idempotencyKey,
    fetchImpl = fetch,
  }: { honeypot?: string; idempotencyKey?: string; fetchImpl?: typeof fetch } = {},
): Promise<EnquiryOutcome> {
  const body = honeypot === '' ? enquiry : { ...enquiry, [honeypotField]: honeypot };
  let response: Response;
  try {
    response = await fetchImpl(`${apiUrl}${enquiryApiPaths.sendEmail}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(idempotencyKey ? { [idempotencyKeyHeader]: idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });
  } catch {
    return { type: 'networkFailed' };
  }
  if (response.ok) {
    // The success body ({ ok, id }) is not shown, but reading it to the end frees the connection at once.
    await response.text().catch(() => undefined);
    return { type: 'succeeded' };
  }
  return { type: 'serverFailed', error: await readErrorField(response) };
}
