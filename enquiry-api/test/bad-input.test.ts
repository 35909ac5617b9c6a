import { join } from 'node:path';
import {
  apiMessages,
  emailJsMessages,
  fieldLimits,
  honeypotField,
  validationMessages as say,
} from 'shared-content/enquiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../src/store/inbox.ts';
import {
  type ApiProcess,
  readInbox,
  removeDir,
  startApi,
  temporaryDir,
  validEnquiry,
} from './support/processes.ts';

/**
 * Bad (and tricky) inputs, table-driven, against the real API process and its SQLite file. Each case states
 * its status, the error text the form would show, and what must be stored: nothing, or exactly the one row.
 */

const maxBodyBytes = 16 * 1024;
const valid = validEnquiry;
const json = (value: unknown) => JSON.stringify(value);

interface Case {
  name: string;
  path?: string;
  method?: string;
  /** null: send no Content-Type at all. */
  contentType?: string | null;
  body?: string | FormData | Blob;
  status: number;
  /** A piece of the error text (JSON `error`, or the plain text of send-form). */
  error?: string;
  /** The row this request must add; without it, nothing may be stored. */
  stored?: Partial<StoredMessage>;
}

function form(fields: Record<string, string | Blob>, ids: Partial<Record<string, string>> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  const withIds = {
    lib_version: '3.6.0',
    user_id: 'local_public_key',
    service_id: 'local_service',
    template_id: 'local_template',
    ...ids,
  };
  for (const [key, value] of Object.entries(withIds)) if (value !== undefined) data.append(key, value);
  return data;
}

const contact = { name: 'Site Visitor', email: 'visitor@example.com', message: 'Do you build apps?' };
const sendForm = '/api/v1.0/email/send-form';

const cases: Case[] = [
  // Malformed and wrong bodies
  { name: 'malformed JSON', body: '{"name": "Shop', status: 400, error: apiMessages.invalidJson },
  { name: 'empty JSON body', body: '', status: 400, error: apiMessages.invalidJson },
  { name: 'a JSON array', body: json([valid]), status: 400, error: say.notAnObject },
  { name: 'JSON null', body: 'null', status: 400, error: say.notAnObject },
  { name: 'a JSON string', body: json('hello'), status: 400, error: say.notAnObject },
  // Missing and empty fields
  {
    name: 'missing name',
    body: json({ ...valid, name: undefined }),
    status: 400,
    error: 'Name is required.',
  },
  {
    name: 'missing email',
    body: json({ ...valid, email: undefined }),
    status: 400,
    error: 'Email is required.',
  },
  {
    name: 'missing business',
    body: json({ ...valid, business: undefined }),
    status: 400,
    error: 'Business name is required.',
  },
  {
    name: 'missing phone',
    body: json({ ...valid, phone: undefined }),
    status: 400,
    error: 'Phone number is required.',
  },
  { name: 'empty name', body: json({ ...valid, name: '' }), status: 400, error: 'Name is required.' },
  { name: 'blank name', body: json({ ...valid, name: ' \u00a0 ' }), status: 400, error: 'Name is required.' },
  { name: 'empty object', body: '{}', status: 400, error: 'Name is required.' },
  // Wrong types
  { name: 'name as a number', body: json({ ...valid, name: 42 }), status: 400, error: 'Name must be text.' },
  {
    name: 'email as an array',
    body: json({ ...valid, email: [valid.email] }),
    status: 400,
    error: 'Email must be text.',
  },
  {
    name: 'phone as a number',
    body: json({ ...valid, phone: 9876543210 }),
    status: 400,
    error: 'Phone number must be text.',
  },
  { name: 'service as a boolean', body: json({ ...valid, service: true }), status: 400, error: say.service },
  {
    name: 'message as an object',
    body: json({ ...valid, message: { text: 'hi' } }),
    status: 400,
    error: 'Message must be text.',
  },
  { name: 'name null', body: json({ ...valid, name: null }), status: 400, error: 'Name must be text.' },
  // Out of range and malformed values
  {
    name: 'service not offered',
    body: json({ ...valid, service: 'Gardening' }),
    status: 400,
    error: say.service,
  },
  {
    name: 'name too long',
    body: json({ ...valid, name: 'n'.repeat(fieldLimits.name + 1) }),
    status: 400,
    error: say.tooLong('name'),
  },
  {
    name: 'business too long',
    body: json({ ...valid, business: 'b'.repeat(fieldLimits.business + 1) }),
    status: 400,
    error: say.tooLong('business'),
  },
  {
    name: 'message too long',
    body: json({ ...valid, message: 'm'.repeat(fieldLimits.message + 1) }),
    status: 400,
    error: say.tooLong('message'),
  },
  {
    name: 'body over the size limit',
    body: json({ ...valid, message: 'm'.repeat(maxBodyBytes) }),
    status: 413,
    error: apiMessages.tooLarge,
  },
  { name: 'e-mail without domain', body: json({ ...valid, email: 'owner@' }), status: 400, error: say.email },
  {
    name: 'unicode e-mail local part',
    body: json({ ...valid, email: 'दुकान@example.com' }),
    status: 400,
    error: say.email,
  },
  { name: 'phone in words', body: json({ ...valid, phone: 'call me maybe' }), status: 400, error: say.phone },
  { name: 'phone too short', body: json({ ...valid, phone: '12345' }), status: 400, error: say.phone },
  // Header injection attempts
  {
    name: 'CRLF in name',
    body: json({ ...valid, name: 'Owner\r\nBcc: all@example.com' }),
    status: 400,
    error: say.singleLine('name'),
  },
  {
    name: 'CRLF in e-mail',
    body: json({ ...valid, email: 'owner@handloom.example\r\nBcc: all@example.com' }),
    status: 400,
    error: say.singleLine('email'),
  },
  {
    name: 'bare LF in business',
    body: json({ ...valid, business: 'Shop\nSubject: spam' }),
    status: 400,
    error: say.singleLine('business'),
  },
  {
    name: 'NUL byte in name',
    body: json({ ...valid, name: 'Owner\u0000' }),
    status: 400,
    error: say.singleLine('name'),
  },
  {
    name: 'escape character in message',
    body: json({ ...valid, message: 'Hi \u001b[31mred' }),
    status: 400,
    error: say.controlCharacters('message'),
  },
  // Hidden characters in one-line fields, broken UTF-16 anywhere
  {
    name: 'right-to-left override in name',
    body: json({ ...valid, name: 'Invoice \u202egnp.exe' }),
    status: 400,
    error: say.invisibleCharacters('name'),
  },
  {
    name: 'zero-width space in e-mail',
    body: json({ ...valid, email: 'owner\u200b@handloom.example' }),
    status: 400,
    error: say.invisibleCharacters('email'),
  },
  {
    name: 'zero-width joiner in business',
    body: json({ ...valid, business: 'Handloom\u200dHouse' }),
    status: 400,
    error: say.invisibleCharacters('business'),
  },
  {
    name: 'byte order mark in phone',
    body: json({ ...valid, phone: '\ufeff+91 98765 43210' }),
    status: 400,
    error: say.invisibleCharacters('phone'),
  },
  {
    name: 'left-to-right isolate in name',
    body: json({ ...valid, name: 'Owner \u2066x\u2069' }),
    status: 400,
    error: say.invisibleCharacters('name'),
  },
  {
    name: 'lone surrogate in message',
    body: '{"name":"Owner","email":"owner@handloom.example","business":"Shop","phone":"+91 98765 43210","message":"half \\ud800"}',
    status: 400,
    error: say.brokenCharacter('message'),
  },
  {
    name: 'lone surrogate in name',
    body: json({ ...valid, name: 'Owner \udc00' }),
    status: 400,
    error: say.brokenCharacter('name'),
  },
  {
    name: 'subscribe: zero-width space in e-mail',
    path: '/subscribe',
    body: json({ email: '\u200bowner@handloom.example' }),
    status: 400,
    error: say.invisibleCharacters('email'),
  },
  {
    name: 'send-form: right-to-left override in name',
    path: sendForm,
    body: form({ ...contact, name: 'Visitor \u202e' }),
    status: 400,
    error: say.invisibleCharacters('name'),
  },
  // Duplicate JSON keys: JSON.parse would keep the last
  {
    name: 'a key twice',
    body: `{"name": "Shop Owner", ${json(valid).slice(1)}`,
    status: 400,
    error: apiMessages.duplicateJsonKey('name'),
  },
  {
    name: 'a key twice, once escaped',
    body: `{"\\u0065mail": "other@example.com", ${json(valid).slice(1)}`,
    status: 400,
    error: apiMessages.duplicateJsonKey('email'),
  },
  {
    name: 'a key twice inside a nested object',
    body: `{${json(valid).slice(1, -1)}, "extra": [{"a": 1, "a": 2}]}`,
    status: 400,
    error: apiMessages.duplicateJsonKey('extra[0].a'),
  },
  {
    name: 'subscribe: email twice',
    path: '/subscribe',
    body: '{"email": "first@example.com", "email": "second@example.com"}',
    status: 400,
    error: apiMessages.duplicateJsonKey('email'),
  },
  {
    name: 'beacon: a key twice',
    path: '/beacon',
    body: '{"events": [{"remote": "mf_contact", "version": "1.0.0", "kind": "view", "kind": "render-error", "count": 1}]}',
    status: 400,
    error: apiMessages.duplicateJsonKey('events[0].kind'),
  },
  // Extra fields
  {
    name: 'an extra field',
    body: json({ ...valid, admin: true }),
    status: 400,
    error: say.unexpectedField('admin'),
  },
  {
    name: 'a __proto__ field',
    body: `{"__proto__": {"admin": true}, ${json(valid).slice(1)}`,
    status: 400,
    error: 'Unexpected field "__proto__".',
  },
  // Wrong content types and methods
  {
    name: 'text/plain body',
    contentType: 'text/plain',
    body: json(valid),
    status: 415,
    error: apiMessages.jsonRequired,
  },
  {
    name: 'no Content-Type',
    contentType: null,
    body: new Blob([json(valid)]),
    status: 415,
    error: apiMessages.jsonRequired,
  },
  {
    name: 'url-encoded form',
    contentType: 'application/x-www-form-urlencoded',
    body: 'name=Owner',
    status: 415,
    error: apiMessages.jsonRequired,
  },
  { name: 'GET on /send-email', method: 'GET', status: 405, error: apiMessages.methodNotAllowed },
  { name: 'an unknown path', path: '/admin', status: 404, error: apiMessages.notFound },
  // Accepted, but stored only as the plain text it is
  {
    name: 'filled honeypot (a bot)',
    body: json({ ...valid, [honeypotField]: 'https://spam.example' }),
    status: 200,
  },
  {
    name: 'script tags in the message',
    body: json({ ...valid, message: '<script>alert(document.cookie)</script>' }),
    status: 200,
    stored: { kind: 'enquiry', message: '<script>alert(document.cookie)</script>' },
  },
  {
    name: 'unicode name and business, padded with spaces',
    body: json({ ...valid, name: '  दुकान मालिक 🙏 ', business: 'Café Ünïcode', [honeypotField]: '' }),
    status: 200,
    stored: { kind: 'enquiry', name: 'दुकान मालिक 🙏', business: 'Café Ünïcode', email: valid.email },
  },
  // The newsletter
  {
    name: 'subscribe: invalid e-mail',
    path: '/subscribe',
    body: json({ email: 'not-an-address' }),
    status: 400,
    error: say.email,
  },
  {
    name: 'subscribe: extra field',
    path: '/subscribe',
    body: json({ email: valid.email, name: 'x' }),
    status: 400,
    error: say.unexpectedField('name'),
  },
  {
    name: 'subscribe: text/plain',
    path: '/subscribe',
    contentType: 'text/plain',
    body: json({ email: valid.email }),
    status: 415,
  },
  // The EmailJS-compatible endpoint: provider-style texts, plain-text replies
  {
    name: 'send-form: no user id',
    path: sendForm,
    body: form(contact, { user_id: undefined }),
    status: 400,
    error: emailJsMessages.user_id,
  },
  {
    name: 'send-form: no service id',
    path: sendForm,
    body: form(contact, { service_id: undefined }),
    status: 400,
    error: emailJsMessages.service_id,
  },
  {
    name: 'send-form: no template id',
    path: sendForm,
    body: form(contact, { template_id: undefined }),
    status: 400,
    error: emailJsMessages.template_id,
  },
  {
    name: 'send-form: empty user id',
    path: sendForm,
    body: form(contact, { user_id: ' ' }),
    status: 400,
    error: emailJsMessages.user_id,
  },
  {
    name: 'send-form: url-encoded',
    path: sendForm,
    contentType: 'application/x-www-form-urlencoded',
    body: 'name=x',
    status: 415,
    error: apiMessages.formDataRequired,
  },
  {
    name: 'send-form: JSON',
    path: sendForm,
    body: json(contact),
    status: 415,
    error: apiMessages.formDataRequired,
  },
  {
    name: 'send-form: a file',
    path: sendForm,
    body: form({ ...contact, attachment: new Blob(['x']) }),
    status: 400,
    error: apiMessages.fileNotAccepted('attachment'),
  },
  {
    name: 'send-form: a field twice',
    path: sendForm,
    body: (() => {
      const data = form(contact);
      data.append('name', 'Again');
      return data;
    })(),
    status: 400,
    error: apiMessages.duplicateField('name'),
  },
  ...['__proto__', 'constructor', 'prototype'].map(
    (key): Case => ({
      name: `send-form: a field named ${key}`,
      path: sendForm,
      body: form({ ...contact, [key]: 'x' }),
      status: 400,
      error: apiMessages.reservedFieldName(key),
    }),
  ),
  {
    name: 'send-form: no message',
    path: sendForm,
    body: form({ ...contact, message: '' }),
    status: 400,
    error: 'Message is required.',
  },
  {
    name: 'send-form: extra field',
    path: sendForm,
    body: form({ ...contact, phone: '123' }),
    status: 400,
    error: say.unexpectedField('phone'),
  },
  {
    name: 'send-form: CRLF in name',
    path: sendForm,
    body: form({ ...contact, name: 'A\r\nCc: b@example.com' }),
    status: 400,
    error: say.singleLine('name'),
  },
  {
    name: 'send-form: filled honeypot',
    path: sendForm,
    body: form({ ...contact, [honeypotField]: 'x' }),
    status: 200,
  },
  {
    name: 'send-form: a real message',
    path: sendForm,
    body: form({ ...contact, message: 'Line 1\r\n<b>Line 2</b>' }),
    status: 200,
    stored: {
      kind: 'contact',
      name: contact.name,
      email: contact.email,
      message: 'Line 1\n<b>Line 2</b>',
      business: '',
    },
  },
];

describe('bad input', () => {
  const dir = temporaryDir('bad-input');
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: { ENQUIRY_MAX_BODY_BYTES: String(maxBodyBytes) },
    });
  });
  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  /** The stored rows' content (the outbox worker may update delivery columns meanwhile) and the counts. */
  const snapshot = () =>
    readInbox(api.dataDir, (inbox) => ({
      rows: inbox.list().map(({ id, kind, receivedAt, name, email, business, phone, service, message }) => ({
        id,
        kind,
        receivedAt,
        name,
        email,
        business,
        phone,
        service,
        message,
      })),
      counts: inbox.counts(),
    }));

  it('has at least 30 cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(cases)('$name → $status', async (testCase) => {
    const before = snapshot();
    const headers: Record<string, string> = {};
    if (typeof testCase.body === 'string' || testCase.contentType !== undefined) {
      if (testCase.contentType !== null) headers['Content-Type'] = testCase.contentType ?? 'application/json';
    }
    const method = testCase.method ?? 'POST';
    const response = await fetch(`${api.url}${testCase.path ?? '/send-email'}`, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: testCase.body ?? '' }),
    });
    expect(response.status).toBe(testCase.status);
    const text = await response.text();
    if (testCase.error) {
      const shown = response.headers.get('content-type')?.startsWith('application/json')
        ? (JSON.parse(text) as { error: string }).error
        : text;
      expect(shown).toContain(testCase.error);
    }

    const after = snapshot();
    expect(after.counts.subscribers).toBe(before.counts.subscribers);
    if (!testCase.stored) {
      expect(after.rows).toEqual(before.rows);
      return;
    }
    expect(after.rows).toHaveLength(before.rows.length + 1);
    const added = after.rows.at(-1);
    expect(added).toMatchObject(testCase.stored);
    const reply = testCase.path === sendForm ? text : (JSON.parse(text) as { id: string }).id;
    if (testCase.path === sendForm) expect(reply).toBe('OK');
    else expect(added?.id).toBe(reply);
  });
});
