import type { Enquiry } from 'shared-content';
import type { EnquiryEvent } from './enquiry-machine.ts';

/** How a send ended, as the event the form's state machine takes next. */
export type EnquiryOutcome = Extract<EnquiryEvent, { type: 'succeeded' | 'serverFailed' | 'networkFailed' }>;

async function readErrorField(response: Response): Promise<unknown> {
  try {
    const body: unknown = await response.json();
    return typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  } catch {
    // Not JSON (a proxy's HTML error page, an empty body): there is no error text to show.
    return undefined;
  }
}

/**
 * POST {apiUrl}/send-email with the enquiry as JSON (spec section 7). Any success status counts as sent;
 * a failure status yields the body's error field; no response at all is a network failure. Never throws.
 */
export async function sendEnquiry(
  apiUrl: string,
  enquiry: Enquiry,
  fetchImpl: typeof fetch = fetch,
): Promise<EnquiryOutcome> {
  let response: Response;
  try {
    response = await fetchImpl(`${apiUrl}/send-email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(enquiry),
    });
  } catch {
    return { type: 'networkFailed' };
  }
  if (response.ok) return { type: 'succeeded' };
  return { type: 'serverFailed', error: await readErrorField(response) };
}
