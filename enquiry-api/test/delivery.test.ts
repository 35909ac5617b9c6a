import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  freePort,
  postJson,
  readInbox,
  removeDir,
  type SmtpSink,
  smtpEnv,
  smtpLogin,
  startApi,
  startSmtpSink,
  temporaryDir,
  validEnquiry,
  waitFor,
} from './support/processes.ts';

/** Enquiries reach a real SMTP server on loopback, escaped, with the configured login and addresses. */
describe('delivery over SMTP', () => {
  const dir = temporaryDir('delivery');
  let sink: SmtpSink;
  let api: ApiProcess;

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

  it('stores the enquiry, answers { ok, id }, then e-mails it to the agency', async () => {
    const response = await postJson(`${api.url}/send-email`, validEnquiry);
    expect(response.status).toBe(200);
    const reply = (await response.json()) as { ok: boolean; id: string };
    expect(reply.ok).toBe(true);
    expect(reply.id).toMatch(/^[0-9a-f-]{36}$/);

    const mail = await waitFor(
      () => sink.mails().find((received) => received.enquiryId === reply.id),
      'the mail',
    );
    expect(mail.authenticatedAs).toBe(smtpLogin.user);
    expect(mail.envelopeTo).toEqual(['inbox@agency.example']);
    expect(mail.from).toBe('"Website" <website@agency.example>');
    expect(mail.replyTo).toBe(`"${validEnquiry.name}" <${validEnquiry.email}>`);
    expect(mail.subject).toBe(`New enquiry from ${validEnquiry.name}, ${validEnquiry.business}`);
    for (const value of Object.values(validEnquiry)) expect(mail.text).toContain(value);
    expect(mail.messageId).toBe(`<${reply.id}@agency.example>`);

    const row = await waitFor(
      () => readInbox(api.dataDir, (inbox) => inbox.list()).find((m) => m.id === reply.id && m.deliveredAt),
      'the row to be marked delivered',
    );
    expect(row).toMatchObject({ ...validEnquiry, kind: 'enquiry', attempts: 1, lastError: null });
  });

  it('escapes markup in the HTML part and keeps unicode intact', async () => {
    const message = '<script>alert("x")</script> & <b>bold</b>\nSecond line';
    const name = 'दुकान मालिक <img src=x onerror=alert(1)>';
    const response = await postJson(`${api.url}/send-email`, { ...validEnquiry, name, message });
    const { id } = (await response.json()) as { id: string };
    const mail = await waitFor(() => sink.mails().find((received) => received.enquiryId === id), 'the mail');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;',
    );
    expect(mail.html).toContain('दुकान मालिक &lt;img src=x onerror=alert(1)&gt;');
    // The text part carries the visitor's words exactly as typed.
    expect(mail.text).toContain(message);
    expect(mail.subject).toContain('दुकान मालिक');
  });

  it('sends exactly the fixed headers, whatever the visitor typed', async () => {
    const response = await postJson(`${api.url}/send-email`, {
      ...validEnquiry,
      name: 'Owner Bcc: victim@example.com',
      business: 'Shop\tTo: other@example.com',
    });
    // A tab is a control character: a one-line field refuses it.
    expect(response.status).toBe(400);
    const accepted = await postJson(`${api.url}/send-email`, {
      ...validEnquiry,
      name: 'Owner Bcc: victim@example.com',
    });
    const { id } = (await accepted.json()) as { id: string };
    const mail = await waitFor(() => sink.mails().find((received) => received.enquiryId === id), 'the mail');
    expect(mail.envelopeTo).toEqual(['inbox@agency.example']);
    expect(mail.headerNames).not.toContain('bcc');
    expect(mail.headerNames).not.toContain('cc');
  });
});
