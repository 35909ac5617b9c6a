import { join } from 'node:path';
import { apiMessages } from 'shared-content/enquiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  freePort,
  postJson,
  readInbox,
  removeDir,
  type SmtpSink,
  siteOrigin,
  smtpEnv,
  startApi,
  startSmtpSink,
  temporaryDir,
  validEnquiry,
  waitFor,
} from './support/processes.ts';

/**
 * A reply lost on the way back makes the visitor send the same submission again. With the same
 * Idempotency-Key, the real API process stores it once in its SQLite file, the real SMTP server gets one mail,
 * and every repeat gets the first reply.
 */
describe('Idempotency-Key', () => {
  const dir = temporaryDir('idempotency');
  let sink: SmtpSink;
  let api: ApiProcess;
  let sequence = 0;

  /** A fresh key and a name no other test uses, so rows and mails can be told apart. */
  const fresh = () => {
    sequence += 1;
    return { key: crypto.randomUUID(), name: `Repeat Tester ${sequence}` };
  };
  const rowsNamed = (name: string) =>
    readInbox(api.dataDir, (inbox) => inbox.list()).filter((m) => m.name === name);
  const mailsNamed = (name: string) => sink.mails().filter((mail) => mail.subject.includes(name));
  const reply = async (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
  });

  beforeAll(async () => {
    const smtpPort = await freePort();
    sink = await startSmtpSink(smtpPort, join(dir, 'mails.jsonl'));
    api = await startApi({ dataDir: join(dir, 'data'), env: smtpEnv(smtpPort) });
  });

  afterAll(async () => {
    await api?.stop();
    await sink?.stop();
    removeDir(dir);
  });

  it('stores and mails an enquiry once however often it is resent, and answers each repeat with the first reply', async () => {
    const { key, name } = fresh();
    const enquiry = { ...validEnquiry, name };
    const first = await postJson(`${api.url}/send-email`, enquiry, { 'Idempotency-Key': key });
    const firstReply = await reply(first);
    expect(firstReply.status).toBe(200);
    const { id } = JSON.parse(firstReply.body) as { id: string };

    for (let repeat = 0; repeat < 3; repeat += 1) {
      const again = await postJson(`${api.url}/send-email`, enquiry, { 'Idempotency-Key': key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await reply(again)).toEqual(firstReply);
    }
    await waitFor(() => rowsNamed(name)[0]?.deliveredAt, 'the enquiry to be delivered');
    expect(rowsNamed(name).map((row) => row.id)).toEqual([id]);
    expect(mailsNamed(name)).toHaveLength(1);
  });

  it('stores once when the repeats arrive together, before the first is committed', async () => {
    const { key, name } = fresh();
    const replies = await Promise.all(
      Array.from({ length: 6 }, () =>
        postJson(`${api.url}/send-email`, { ...validEnquiry, name }, { 'Idempotency-Key': key }).then(reply),
      ),
    );
    expect(new Set(replies.map((each) => each.body)).size).toBe(1);
    expect(replies.every((each) => each.status === 200)).toBe(true);
    await waitFor(() => rowsNamed(name)[0]?.deliveredAt, 'the enquiry to be delivered');
    expect(rowsNamed(name)).toHaveLength(1);
    expect(mailsNamed(name)).toHaveLength(1);
  });

  it('refuses the same key with other data (422) and stores nothing for it', async () => {
    const { key, name } = fresh();
    expect(
      (await postJson(`${api.url}/send-email`, { ...validEnquiry, name }, { 'Idempotency-Key': key })).status,
    ).toBe(200);
    const changed = await postJson(
      `${api.url}/send-email`,
      { ...validEnquiry, name, message: 'Something else entirely.' },
      { 'Idempotency-Key': key },
    );
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({ error: apiMessages.idempotencyKeyReused });
    const elsewhere = await postJson(
      `${api.url}/subscribe`,
      { email: 'reader@example.com' },
      { 'Idempotency-Key': key },
    );
    expect(elsewhere.status).toBe(422);
    expect(rowsNamed(name)).toHaveLength(1);
    expect(readInbox(api.dataDir, (inbox) => inbox.subscribers()).map((s) => s.email)).not.toContain(
      'reader@example.com',
    );
  });

  it('sends the Get In Touch form once: a retried multipart form (new boundary) is the same submission', async () => {
    const { key, name } = fresh();
    const form = () => {
      const data = new FormData();
      const fields = {
        name,
        email: 'visitor@example.com',
        message: 'Do you build apps?',
        lib_version: '3.6.0',
        service_id: 'local_service',
        template_id: 'local_template',
        user_id: 'local_public_key',
      };
      for (const [field, value] of Object.entries(fields)) data.append(field, value);
      return data;
    };
    const send = () =>
      fetch(`${api.url}/api/v1.0/email/send-form`, {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        body: form(),
      }).then(reply);
    const first = await send();
    expect(first).toMatchObject({ status: 200, body: 'OK' });
    expect(await send()).toEqual(first);
    await waitFor(() => rowsNamed(name)[0]?.deliveredAt, 'the message to be delivered');
    expect(rowsNamed(name)).toHaveLength(1);
    expect(mailsNamed(name)).toHaveLength(1);
  });

  it('answers a repeated subscription with the first reply', async () => {
    const { key } = fresh();
    const email = `reader-${key.slice(0, 8)}@example.com`;
    const send = () => postJson(`${api.url}/subscribe`, { email }, { 'Idempotency-Key': key }).then(reply);
    const first = await send();
    expect(first.status).toBe(200);
    expect(await send()).toEqual(first);
    const subscribed = readInbox(api.dataDir, (inbox) => inbox.subscribers()).filter(
      (s) => s.email === email,
    );
    expect(subscribed).toHaveLength(1);
  });

  it('gives a bot the same made-up reply again, so a repeat does not tell it was dropped', async () => {
    const { key, name } = fresh();
    const bot = { ...validEnquiry, name, website: 'https://spam.example' };
    const first = await reply(await postJson(`${api.url}/send-email`, bot, { 'Idempotency-Key': key }));
    expect(first.status).toBe(200);
    expect(await reply(await postJson(`${api.url}/send-email`, bot, { 'Idempotency-Key': key }))).toEqual(
      first,
    );
    expect(rowsNamed(name)).toHaveLength(0);
  });

  it.each([
    ['too short', 'abc'],
    ['spaces inside', 'not a valid key at all'],
    ['two keys', `${crypto.randomUUID()}, ${crypto.randomUUID()}`],
    ['too long', 'k'.repeat(129)],
  ])('refuses a malformed key (%s) with 400 and stores nothing', async (_, key) => {
    const { name } = fresh();
    const response = await postJson(
      `${api.url}/send-email`,
      { ...validEnquiry, name },
      { 'Idempotency-Key': key },
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: apiMessages.idempotencyKeyMalformed });
    expect(rowsNamed(name)).toHaveLength(0);
  });

  it('still stores each submission without the header (old clients, curl)', async () => {
    const { name } = fresh();
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await postJson(`${api.url}/send-email`, { ...validEnquiry, name })).status).toBe(200);
    }
    expect(rowsNamed(name)).toHaveLength(2);
  });

  it('lets a page of the site send the header (CORS preflight)', async () => {
    const preflight = await fetch(`${api.url}/send-email`, {
      method: 'OPTIONS',
      headers: {
        Origin: siteOrigin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,idempotency-key',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });
});
