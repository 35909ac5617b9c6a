import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { apiMessages, emailJsMessages } from 'shared-content/enquiry';
import { unreadBodyLimits } from 'site-node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  postJson,
  readInbox,
  removeDir,
  siteOrigin,
  startApi,
  temporaryDir,
  validEnquiry,
} from './support/processes.ts';
import { RawConnection, type RawRequest } from './support/raw-http.ts';

/**
 * Replies sent before the request body is read (413, 415, 429, 403, 400) must leave the connection usable: the
 * rest of a small body is drained and the connection kept, anything bigger gets `Connection: close` and a clean
 * close (FIN, no reset). Each case uses one hand-driven keep-alive connection to the real API process, then sends
 * a valid enquiry: on the same connection when it was kept, on a new one when the server said close, and that
 * enquiry must be stored.
 */

const maxBodyBytes = 16 * 1024;
const big = 2 * 1024 * 1024;
/** Over the body limit, under the size the server drains to keep a connection. */
const small = 40 * 1024;
const foreign = 'http://attacker.example';
const sendForm = '/api/v1.0/email/send-form';

const enquiryOfSize = (size: number) => JSON.stringify({ ...validEnquiry, message: 'm'.repeat(size) });
const textOfSize = (size: number) => 'x'.repeat(size);
const json = { 'Content-Type': 'application/json' };

interface Case {
  name: string;
  request: RawRequest;
  status: number;
  /** A piece of the error text (JSON `error`, or the plain text of send-form). */
  error?: string;
  connection: 'kept' | 'closed';
}

const postEnquiry: RawRequest = { path: '/send-email', headers: json, body: JSON.stringify(validEnquiry) };

/**
 * Sends the case's request on a new connection and checks the early reply and the connection, then sends
 * `follow`: on the same connection when it was kept, on a new one after a clean close.
 */
async function rejectThenFollow(
  port: number,
  testCase: Case,
  follow: RawRequest,
): Promise<{ reply: { status: number; body: string }; reused: boolean }> {
  const first = await RawConnection.open(port);
  let second: RawConnection | undefined;
  try {
    first.send(testCase.request);
    const rejected = await first.response();
    expect(rejected.status).toBe(testCase.status);
    if (testCase.error) {
      const shown = rejected.headers['content-type']?.startsWith('application/json')
        ? (JSON.parse(rejected.body) as { error: string }).error
        : rejected.body;
      expect(shown).toContain(testCase.error);
    }
    if (testCase.connection === 'kept') {
      expect(rejected.headers.connection).toBe('keep-alive');
      first.send(follow);
      return { reply: await first.response(), reused: true };
    }
    expect(rejected.headers.connection).toBe('close');
    // A clean close soon after the reply: the server's FIN, no reset, no broken pipe for the body still sent.
    expect(await first.closedByServer(unreadBodyLimits.lingerMs + 3_000)).toEqual({
      ended: true,
      timedOut: false,
    });
    second = await RawConnection.open(port);
    second.send(follow);
    return { reply: await second.response(), reused: false };
  } finally {
    first.destroy();
    second?.destroy();
  }
}

const storedIdsOf = (api: ApiProcess) => readInbox(api.dataDir, (inbox) => inbox.list().map((row) => row.id));

/** The early reply, then a valid enquiry (same or new connection, as the first was left) that must be stored. */
async function rejectThenStore(api: ApiProcess, testCase: Case) {
  const before = storedIdsOf(api);
  const { reply, reused } = await rejectThenFollow(api.port, testCase, postEnquiry);
  expect(reused).toBe(testCase.connection === 'kept');
  expect(reply.status).toBe(200);
  const { id } = JSON.parse(reply.body) as { id: string };
  const after = storedIdsOf(api);
  expect(after).toHaveLength(before.length + 1);
  expect(after).toContain(id);
}

describe('the connection after an early reply', () => {
  const dir = temporaryDir('early-replies');
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

  const storedIds = () => storedIdsOf(api);

  const cases: Case[] = [
    {
      name: '413 for a 2 MB JSON body',
      request: { path: '/send-email', headers: json, body: enquiryOfSize(big) },
      status: 413,
      error: apiMessages.tooLarge,
      connection: 'closed',
    },
    {
      name: '413 for a 2 MB chunked JSON body (no Content-Length)',
      request: { path: '/send-email', headers: json, body: enquiryOfSize(big), chunked: true },
      status: 413,
      error: apiMessages.tooLarge,
      connection: 'closed',
    },
    {
      name: '413 for a 40 KB JSON body (drained)',
      request: { path: '/send-email', headers: json, body: enquiryOfSize(small) },
      status: 413,
      error: apiMessages.tooLarge,
      connection: 'kept',
    },
    {
      name: '413 on the form endpoint for a 2 MB multipart body',
      request: {
        path: sendForm,
        headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
        body: `--x\r\nContent-Disposition: form-data; name="message"\r\n\r\n${textOfSize(big)}\r\n--x--\r\n`,
      },
      status: 413,
      error: apiMessages.tooLarge,
      connection: 'closed',
    },
    {
      name: '415 for a 10 KB text/plain body (drained)',
      request: { path: '/send-email', headers: { 'Content-Type': 'text/plain' }, body: textOfSize(10_000) },
      status: 415,
      error: apiMessages.jsonRequired,
      connection: 'kept',
    },
    {
      name: '403 for a 2 MB post from a foreign origin',
      request: { path: '/send-email', headers: { ...json, Origin: foreign }, body: enquiryOfSize(big) },
      status: 403,
      error: apiMessages.originNotAllowed,
      connection: 'closed',
    },
    {
      name: '403 for a 40 KB post from a foreign origin (drained)',
      request: { path: '/send-email', headers: { ...json, Origin: foreign }, body: enquiryOfSize(small) },
      status: 403,
      error: apiMessages.originNotAllowed,
      connection: 'kept',
    },
    {
      name: '400 for a 2 MB post with an invalid Host header',
      request: { path: '/send-email', headers: { ...json, Host: 'bad host' }, body: enquiryOfSize(big) },
      status: 400,
      connection: 'closed',
    },
    {
      name: '405 for a 2 MB PUT',
      request: { method: 'PUT', path: '/send-email', headers: json, body: enquiryOfSize(big) },
      status: 405,
      error: apiMessages.methodNotAllowed,
      connection: 'closed',
    },
  ];

  it.each(cases)('$name, then a valid enquiry is stored', (testCase) => rejectThenStore(api, testCase));

  it('the form endpoint: 415 for a small body, drained, then a form message on the same connection', async () => {
    const boundary = 'enquiry-boundary';
    const fields = {
      name: 'Site Visitor',
      email: 'visitor@example.com',
      message: 'Do you build apps?',
      user_id: 'u',
      service_id: 's',
      template_id: 't',
    };
    const parts = Object.entries(fields).map(
      ([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`,
    );
    const multipart = `${parts.join('')}--${boundary}--\r\n`;
    const before = storedIds().length;
    const { reply, reused } = await rejectThenFollow(
      api.port,
      {
        name: '415 on send-form',
        request: { path: sendForm, headers: { 'Content-Type': 'text/plain' }, body: textOfSize(10_000) },
        status: 415,
        error: apiMessages.formDataRequired,
        connection: 'kept',
      },
      {
        path: sendForm,
        headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, Origin: siteOrigin },
        body: multipart,
      },
    );
    expect(reused).toBe(true);
    expect(reply).toMatchObject({ status: 200, body: emailJsMessages.ok });
    expect(storedIds()).toHaveLength(before + 1);
  });

  it("a keep-alive client (node:http Agent, one socket): 413 for 2 MB, then the visitor's corrected enquiry is stored", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; body: string; reusedSocket: boolean }>(
        (resolve, reject) => {
          const req = httpRequest(
            `${api.url}/send-email`,
            { method: 'POST', agent, headers: { ...json, Origin: siteOrigin }, timeout: 5_000 },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  body: Buffer.concat(chunks).toString('utf8'),
                  reusedSocket: req.reusedSocket,
                }),
              );
              res.on('error', reject);
            },
          );
          req.on('timeout', () => req.destroy(new Error('no reply within 5 s')));
          req.on('error', reject);
          req.end(body);
        },
      );
    try {
      const before = storedIds().length;
      const tooLarge = await post(enquiryOfSize(big));
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.headers.connection).toBe('close');
      const corrected = await post(JSON.stringify(validEnquiry));
      expect(corrected.status).toBe(200);
      expect(storedIds()).toContain((JSON.parse(corrected.body) as { id: string }).id);

      // A small rejected body is drained: the next request goes on the very same socket.
      const drained = await post(enquiryOfSize(small));
      expect(drained.status).toBe(413);
      expect(drained.headers.connection).toBe('keep-alive');
      const next = await post(JSON.stringify(validEnquiry));
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
      expect(storedIds()).toHaveLength(before + 2);
    } finally {
      agent.destroy();
    }
  });
});

describe('the connection after a 415 with a raised body limit', () => {
  // Under the default limits a body this big gets its 413 first; an operator may raise the limit, though.
  const dir = temporaryDir('early-replies-415');
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: { ENQUIRY_MAX_BODY_BYTES: String(10 * 1024 * 1024) },
    });
  });
  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  it.each<Case>([
    {
      name: '415 for a 2 MB text/plain body',
      request: { path: '/send-email', headers: { 'Content-Type': 'text/plain' }, body: textOfSize(big) },
      status: 415,
      error: apiMessages.jsonRequired,
      connection: 'closed',
    },
    {
      name: '415 on the form endpoint for 2 MB of JSON',
      request: { path: sendForm, headers: json, body: enquiryOfSize(big) },
      status: 415,
      error: apiMessages.formDataRequired,
      connection: 'closed',
    },
    {
      name: '415 for a 60 KB text/plain body (drained)',
      request: {
        path: '/send-email',
        headers: { 'Content-Type': 'text/plain' },
        body: textOfSize(60 * 1024),
      },
      status: 415,
      error: apiMessages.jsonRequired,
      connection: 'kept',
    },
  ])('$name, then a valid enquiry is stored', (testCase) => rejectThenStore(api, testCase));
});

describe('the connection after a 429', () => {
  const dir = temporaryDir('early-replies-429');
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: { ENQUIRY_RATE_LIMIT: '1', ENQUIRY_RATE_WINDOW_SECONDS: '600' },
    });
  });
  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  const storedCount = () => readInbox(api.dataDir, (inbox) => inbox.counts().messages);
  const health: RawRequest = { method: 'GET', path: '/health' };

  it.each<Case>([
    {
      name: '429 for a 2 MB body',
      request: { path: '/send-email', headers: json, body: enquiryOfSize(big) },
      status: 429,
      connection: 'closed',
    },
    {
      name: '429 for a 40 KB body (drained)',
      request: { path: '/send-email', headers: json, body: enquiryOfSize(small) },
      status: 429,
      connection: 'kept',
    },
  ])('$name, then the next request is served', async (testCase) => {
    // The one POST this client may send in the window.
    if (storedCount() === 0) expect((await postJson(`${api.url}/send-email`, validEnquiry)).status).toBe(200);
    const { reply, reused } = await rejectThenFollow(api.port, testCase, health);
    expect(reused).toBe(testCase.connection === 'kept');
    expect(reply.status).toBe(200);
    expect(storedCount()).toBe(1);
  });
});
