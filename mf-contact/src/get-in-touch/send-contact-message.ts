import { init, sendForm } from '@emailjs/browser';
import { getInTouchCopy } from 'shared-content/contact';
import { idempotencyKeyHeader } from 'shared-content/enquiry';
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
 * Runs `send` with one more header on the XMLHttpRequest it starts. The provider client (v3) takes no
 * headers and posts with XMLHttpRequest, opening and sending it synchronously inside sendForm: so `send` is
 * wrapped for that one synchronous call, and the prototype is restored before anything else can run.
 */
function withRequestHeader<T>(name: string, value: string, send: () => T): T {
  const prototype = XMLHttpRequest.prototype;
  const originalSend = prototype.send;
  prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
    this.setRequestHeader(name, value);
    return originalSend.call(this, body);
  };
  try {
    return send();
  } finally {
    prototype.send = originalSend;
  }
}

/**
 * Sends the Get In Touch form with the provider client's sendForm (spec section 7). The provider origin and
 * ids come from run-time configuration; by default the origin is the project's own enquiry API.
 * `form` may be null: the client then fails in its own words, which the caller shows like any failure.
 * `idempotencyKey` goes out as the Idempotency-Key header, for the project's own API only: the hosted
 * provider would need a CORS preflight for it, and it stores nothing twice on its own terms anyway.
 */
export async function sendContactMessage(
  settings: EmailJsSettings,
  form: HTMLFormElement | null,
  idempotencyKey?: string,
): Promise<SendResult> {
  try {
    // The v3 client keeps its origin in module state, set by init; set it on every send so a changed
    // runtime configuration takes effect.
    init(settings.publicKey, settings.origin);
    const send = () =>
      sendForm(settings.serviceId, settings.templateId, form as HTMLFormElement, settings.publicKey);
    await (idempotencyKey ? withRequestHeader(idempotencyKeyHeader, idempotencyKey, send) : send());
    return { ok: true };
  } catch (failure) {
    return { ok: false, providerText: providerTextOf(failure) };
  }
}
