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
import type { AppDependencies } from './dependencies.ts';
import { discardBot, storeMessage } from './store-reply.ts';

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
 * the reply is the provider's: 200 with the text OK, or an error status with a text the form shows.
 */
export function sendForm(deps: AppDependencies) {
  return async (c: Context) => {
    const read = await readFormFields(c);
    if (!read.ok) return read.response;
    const { fields } = read;
    for (const id of emailJsFormIdFields) {
      if (!fields[id]?.trim()) return failure(c, 400, emailJsMessages[id]);
    }
    for (const key of [...emailJsFormIdFields, ...emailJsFormExtraFields]) delete fields[key];
    if (takeHoneypot(fields)) {
      discardBot(deps, 'send-form');
      return c.text(emailJsMessages.ok);
    }
    const parsed = contactMessageSchema.safeParse(fields);
    if (!parsed.success) {
      return failure(c, 400, fieldIssues(parsed.error)[0]?.message ?? 'Invalid message.');
    }
    const message = parsed.data;
    const stored = await storeMessage(
      c,
      deps,
      'contact',
      () => deps.inbox.addMessage('contact', message),
      message,
    );
    if (!stored.ok) return stored.response;
    return c.text(emailJsMessages.ok);
  };
}
