import type { Context } from 'hono';
import {
  apiMessages,
  contactMessageSchema,
  emailJsFormExtraFields,
  emailJsFormIdFields,
  emailJsMessages,
  fieldIssues,
} from 'shared-content/enquiry';
import { takeHoneypot } from '../http/honeypot.ts';
import { failure, mediaType } from '../http/replies.ts';
import { maskEmail } from '../runtime/logger.ts';
import type { AppDependencies } from './dependencies.ts';
import { discardBot, keyedRequest, repeatOf, storeOnce, textReply } from './store-reply.ts';

const ok = () => textReply(emailJsMessages.ok);

/**
 * Names that mean an object's internals in JavaScript. The fields were copied onto a plain object, where
 * `__proto__` set its prototype and so vanished silently; now such a name is refused outright.
 */
const reservedNames: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

type FormFields = { ok: true; fields: Record<string, string> } | { ok: false; response: Response };

async function readFormFields(c: Context): Promise<FormFields> {
  if (mediaType(c) !== 'multipart/form-data') {
    return { ok: false, response: failure(c, 415, apiMessages.formDataRequired) };
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    return { ok: false, response: failure(c, 400, apiMessages.unreadableForm) };
  }
  const fields: Record<string, string> = Object.create(null);
  for (const [key, value] of form.entries()) {
    if (reservedNames.has(key))
      return { ok: false, response: failure(c, 400, apiMessages.reservedFieldName(key)) };
    if (typeof value !== 'string')
      return { ok: false, response: failure(c, 400, apiMessages.fileNotAccepted(key)) };
    if (Object.hasOwn(fields, key))
      return { ok: false, response: failure(c, 400, apiMessages.duplicateField(key)) };
    fields[key] = value;
  }
  return { ok: true, fields };
}

/**
 * POST /api/v1.0/email/send-form: what @emailjs/browser's sendForm posts (the form's fields plus lib_version,
 * service_id, template_id and user_id). The Get In Touch message goes into the same inbox as enquiries and
 * the reply is the provider's: 200 with the text OK, or an error status with a text the form shows. With an
 * Idempotency-Key, a repeat gets the first reply and stores nothing.
 */
export function sendForm(deps: AppDependencies) {
  return async (c: Context) => {
    const read = await readFormFields(c);
    if (!read.ok) return read.response;
    const { fields } = read;
    // The parsed fields, not the raw body: a retried form has a new multipart boundary.
    const request = keyedRequest(c, fields);
    const repeat = repeatOf(c, deps, request);
    if (repeat) return repeat;
    for (const id of emailJsFormIdFields) {
      if (!fields[id]?.trim()) return failure(c, 400, emailJsMessages[id]);
    }
    for (const key of [...emailJsFormIdFields, ...emailJsFormExtraFields]) delete fields[key];
    if (takeHoneypot(fields)) {
      return (await storeOnce(c, deps, 'bot reply', request, () => discardBot(deps, 'send-form'), ok))
        .response;
    }
    const parsed = contactMessageSchema.safeParse(fields);
    if (!parsed.success) {
      return failure(c, 400, fieldIssues(parsed.error)[0]?.message ?? 'Invalid message.');
    }
    const message = parsed.data;
    const { response, stored } = await storeOnce(
      c,
      deps,
      'message',
      request,
      () => deps.inbox.insertNow('contact', message),
      ok,
    );
    if (stored !== undefined) {
      deps.logger.info('message stored', {
        id: stored,
        kind: 'contact',
        email: maskEmail(message.email),
        messageChars: message.message.length,
      });
      deps.onStored();
    }
    return response;
  };
}
