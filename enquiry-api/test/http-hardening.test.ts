import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { apiMessages } from 'shared-content/enquiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  postJson,
  readInbox,
  removeDir,
  startApi,
  temporaryDir,
  validEnquiry,
} from './support/processes.ts';
import { RawConnection } from './support/raw-http.ts';

/**
 * HTTP at the API's own socket, driven by hand: one Host header only, no `100 Continue` for a body it will
 * refuse, loopback unless told otherwise, and a trusted proxy's word (X-Forwarded-For from the right,
 * X-Forwarded-Proto for HSTS) counted only when ENQUIRY_TRUST_PROXY says there is one.
 */
const dirs: string[] = [];
const started: ApiProcess[] = [];
async function api(env: Record<string, string> = {}) {
  const dir = temporaryDir('http');
  dirs.push(dir);
  const process = await startApi({ dataDir: join(dir, 'data'), env });
  started.push(process);
  return process;
}
afterAll(async () => {
  for (const process of started) await process.stop();
  for (const dir of dirs) removeDir(dir);
});

const body = JSON.stringify(validEnquiry);
const rows = (process: ApiProcess) => readInbox(process.dataDir, (inbox) => inbox.list()).length;

describe('the API server', () => {
  let server: ApiProcess;
  beforeAll(async () => {
    server = await api({ ENQUIRY_MAX_BODY_BYTES: '16384' });
  });

  it('refuses a request with two Host headers (400) and stores nothing', async () => {
    const connection = await RawConnection.open(server.port);
    connection.sendRaw(
      `POST /send-email HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: admin.internal\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const response = await connection.response();
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({ error: apiMessages.duplicateHost });
    expect((await connection.closedByServer()).timedOut).toBe(false);
    expect(rows(server)).toBe(0);
  });

  it('answers a declared 10 MB body with 413 and never invites it with 100 Continue', async () => {
    const connection = await RawConnection.open(server.port);
    connection.sendRaw(
      'POST /send-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: 10485760\r\n\r\n',
    );
    // The first response on the connection: a 100 would come before anything else.
    const response = await connection.response();
    expect(response.status).toBe(413);
    expect(JSON.parse(response.body)).toEqual({ error: apiMessages.tooLarge });
    connection.destroy();
    expect(rows(server)).toBe(0);
  });

  it('still invites a body within the limit with 100 Continue, and stores it', async () => {
    const before = rows(server);
    const connection = await RawConnection.open(server.port);
    connection.sendRaw(
      `POST /send-email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    expect((await connection.response()).status).toBe(100);
    connection.sendRaw(body);
    expect((await connection.response()).status).toBe(200);
    connection.destroy();
    expect(rows(server)).toBe(before + 1);
  });

  it('sends no HSTS when no proxy is trusted, whatever X-Forwarded-Proto says', async () => {
    const response = await fetch(`${server.url}/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('behind a trusted proxy', () => {
  it('takes the client from the right of X-Forwarded-For: forged leftmost entries do not escape the rate limit', async () => {
    const server = await api({ ENQUIRY_TRUST_PROXY: '1', ENQUIRY_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const forged = `198.51.100.${attempt}, 192.0.2.${attempt}`;
      const response = await postJson(`${server.url}/send-email`, validEnquiry, {
        'X-Forwarded-For': `${forged}, 203.0.113.7`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(rows(server)).toBe(3);
    // Another client, as the proxy saw it, has its own budget.
    const other = await postJson(`${server.url}/send-email`, validEnquiry, {
      'X-Forwarded-For': '203.0.113.7, 203.0.113.8',
    });
    expect(other.status).toBe(200);
  });

  it('counts the configured number of proxies from the right', async () => {
    const server = await api({ ENQUIRY_TRUST_PROXY: '2', ENQUIRY_RATE_LIMIT: '1' });
    const send = (forwarded: string) =>
      postJson(`${server.url}/send-email`, validEnquiry, { 'X-Forwarded-For': forwarded }).then(
        (r) => r.status,
      );
    expect(await send('forged-1, 203.0.113.7, 10.0.0.2')).toBe(200);
    expect(await send('forged-2, 203.0.113.7, 10.0.0.3')).toBe(429);
  });

  it('sends HSTS when the proxy says the request came over https, and only then', async () => {
    const server = await api({ ENQUIRY_TRUST_PROXY: 'true' });
    const over = async (proto?: string) =>
      (
        await fetch(`${server.url}/health`, { headers: proto ? { 'X-Forwarded-Proto': proto } : {} })
      ).headers.get('strict-transport-security');
    expect(await over('https')).toBe('max-age=31536000; includeSubDomains');
    expect(await over('http')).toBeNull();
    expect(await over()).toBeNull();
  });
});

describe('where it listens', () => {
  it('listens on loopback unless ENQUIRY_HOST says otherwise', async () => {
    const server = await api({ ENQUIRY_HOST: '' });
    expect(server.logs().find((line) => line.msg === 'listening')).toMatchObject({ host: '127.0.0.1' });
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
    if (outside === undefined) return;
    const refused = await new Promise<string>((resolve) => {
      const socket = connect({ host: outside, port: server.port });
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
