import { init, sendForm } from '@emailjs/browser';
import { getInTouchCopy } from 'shared-content/contact';
import type { EmailJsSettings } from 'shared-content/site';

export type SendResult = { ok: true } | { ok: false; providerText: string };

/**
 * What the provider client said when a send failed: the text it throws for missing ids or a missing form,
 * or the response's text when the provider answered with a failure.
 */
export function providerTextOf(failure: unknown): string {
  if (typeof failure === 'string') return failure;
  if (typeof failure === 'object' && failure !== null && 'text' in failure) {
    const { text, status } = failure as { text: unknown; status?: unknown };
    if (typeof text === 'string' && text !== '') return text;
    // The client reports a refused connection with an empty text; say what happened instead of nothing.
    if (typeof status === 'number' && status > 0) return `${getInTouchCopy.statusPrefix}${status}`;
    return getInTouchCopy.noResponseText;
  }
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * Sends the Get In Touch form with the provider client's sendForm (spec section 7). The provider origin and
 * ids come from run-time configuration; by default the origin is the project's own enquiry API.
 * `form` may be null: the client then fails in its own words, which the caller shows like any failure.
 */
export async function sendContactMessage(
  settings: EmailJsSettings,
  form: HTMLFormElement | null,
): Promise<SendResult> {
  try {
    // The v3 client keeps its origin in module state, set by init; set it on every send so a changed
    // runtime configuration takes effect.
    init(settings.publicKey, settings.origin);
    await sendForm(settings.serviceId, settings.templateId, form as HTMLFormElement, settings.publicKey);
    return { ok: true };
  } catch (failure) {
    return { ok: false, providerText: providerTextOf(failure) };
  }
}
