import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  freePort,
  postJson,
  readInbox,
  removeDir,
  type SmtpSink,
  smtpEnv,
  startApi,
  startSmtpSink,
  temporaryDir,
  validEnquiry,
  waitFor,
} from './support/processes.ts';

const started: Array<ApiProcess | SmtpSink> = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const process of started.splice(0)) await process.stop();
  for (const dir of dirs.splice(0)) removeDir(dir);
});

async function postEnquiries(api: ApiProcess, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const response = await postJson(`${api.url}/send-email`, {
      ...validEnquiry,
      message: `Enquiry ${index}`,
    });
    expect(response.status).toBe(200);
    ids.push(((await response.json()) as { id: string }).id);
  }
  return ids;
}

describe('when the mail server is down', () => {
  it('keeps every enquiry waiting, retrying, and delivers them all once the server is back', async () => {
    const dir = temporaryDir('outage');
    dirs.push(dir);
    const smtpPort = await freePort();
    const api = await startApi({ dataDir: join(dir, 'data'), env: smtpEnv(smtpPort) });
    started.push(api);

    const ids = await postEnquiries(api, 5);
    // Nobody listens on the SMTP port: each enquiry is tried, fails, and waits for its next attempt.
    await waitFor(
      () => readInbox(api.dataDir, (inbox) => inbox.list()).filter((row) => row.attempts >= 1).length === 5,
      'every enquiry to have failed once',
    );
    const waiting = readInbox(api.dataDir, (inbox) => inbox.list());
    expect(waiting.every((row) => row.deliveredAt === null && row.lastError)).toBe(true);
    expect(readInbox(api.dataDir, (inbox) => inbox.counts()).undelivered).toBe(5);
    expect(api.logs().some((line) => line.msg === 'mail not delivered; will retry')).toBe(true);

    const sink = await startSmtpSink(smtpPort, join(dir, 'mails.jsonl'));
    started.push(sink);
    await waitFor(() => sink.mails().length >= 5, 'all five mails', 15_000);
    expect(
      sink
        .mails()
        .map((mail) => mail.enquiryId)
        .sort(),
    ).toEqual([...ids].sort());
    await waitFor(
      () => readInbox(api.dataDir, (inbox) => inbox.list({ undeliveredOnly: true })).length === 0,
      'every row to be marked delivered',
    );
  });
});

describe('without SMTP configured', () => {
  it('writes each mail to the outbox folder, logs it, and leaves the enquiry undelivered', async () => {
    const dir = temporaryDir('folder');
    dirs.push(dir);
    const dataDir = join(dir, 'data');
    const api = await startApi({ dataDir });
    started.push(api);

    const [id] = await postEnquiries(api, 1);
    const file = join(dataDir, 'outbox', `${id}.eml`);
    await waitFor(() => existsSync(file), 'the .eml file');
    const mail = readFileSync(file, 'utf8');
    expect(mail).toContain(`X-Enquiry-ID: ${id}`);
    expect(mail).toContain('Enquiry 0');
    expect(
      api
        .logs()
        .some((line) => line.msg?.toString().startsWith('SMTP is not configured') && line.file === file),
    ).toBe(true);
    const row = await waitFor(
      () => readInbox(dataDir, (inbox) => inbox.list()).find((stored) => stored.outboxFile),
      'the row to record its outbox file',
    );
    expect(row).toMatchObject({ id, deliveredAt: null, outboxFile: file });

    // Configured later, SMTP sends what waited (once; the folder copy is not sent again).
    await api.stop();
    const smtpPort = await freePort();
    const sink = await startSmtpSink(smtpPort, join(dir, 'mails.jsonl'));
    started.push(sink);
    started.push(await startApi({ dataDir, env: smtpEnv(smtpPort) }));
    await waitFor(() => sink.mails().some((received) => received.enquiryId === id), 'the mail over SMTP');
    await waitFor(
      () => readInbox(dataDir, (inbox) => inbox.list())[0]?.deliveredAt,
      'the row to be delivered',
    );
    expect(sink.mails()).toHaveLength(1);
  });
});
