import { enquiryApiPaths, errorText, idempotencyKeyHeader } from 'shared-content/enquiry/client';
import { footerCopy, type RuntimeConfig } from 'shared-content/site';
import { loadRuntimeConfig } from '../config/runtime-config.ts';

export type SubscribeOutcome = { state: 'success'; message: string } | { state: 'error'; message: string };

/**
 * POST {apiUrl}/subscribe with { email }. The API is idempotent per address, so subscribing twice is a
 * success too. A refusal shows the API's own sentence (it names the problem: a bad address, too many
 * attempts); anything else gets the footer's generic copy. `idempotencyKey` names the submission, so a
 * resend after a lost reply gets the first reply.
 */
export async function subscribeToNewsletter(
  email: string,
  loadConfig: () => Promise<RuntimeConfig> = loadRuntimeConfig,
  idempotencyKey?: string,
): Promise<SubscribeOutcome> {
  let apiUrl: string;
  try {
    ({ apiUrl } = await loadConfig());
  } catch {
    return { state: 'error', message: footerCopy.newsletterError };
  }
  let response: Response;
  try {
    response = await fetch(`${apiUrl}${enquiryApiPaths.subscribe}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(idempotencyKey ? { [idempotencyKeyHeader]: idempotencyKey } : {}),
      },
      body: JSON.stringify({ email }),
    });
  } catch {
    return { state: 'error', message: footerCopy.newsletterNetworkError };
  }
  if (response.ok) return { state: 'success', message: footerCopy.newsletterSuccess };
  const body: unknown = await response.json().catch(() => null);
  return { state: 'error', message: errorText(body) ?? footerCopy.newsletterError };
}
