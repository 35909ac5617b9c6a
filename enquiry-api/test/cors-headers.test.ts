import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiProcess,
  removeDir,
  siteOrigin,
  startApi,
  temporaryDir,
  validEnquiry,
} from './support/processes.ts';

/**
 * Every header of the replies that CORS touches, as the API sends them on the wire (names as written, in
 * order), recorded from the hand-written CORS before it moved to Hono's middleware: the move must change none.
 * Date changes with every reply, and Content-Length and the connection headers follow from the body and the
 * socket, not from CORS, so they are left out.
 */
interface Recorded {
  status: number;
  headers: string[];
  body: string;
}

const incidental = new Set(['date', 'content-length', 'connection', 'keep-alive']);

function send(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Recorded> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const pairs: string[] = [];
        for (let index = 0; index < response.rawHeaders.length; index += 2) {
          const name = response.rawHeaders[index] ?? '';
          if (!incidental.has(name.toLowerCase())) pairs.push(`${name}: ${response.rawHeaders[index + 1]}`);
        }
        resolve({ status: response.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks).toString() });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('CORS headers, byte for byte', () => {
  const dir = temporaryDir('cors-headers');
  const foreign = 'http://attacker.example';
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApi({ dataDir: join(dir, 'data') });
  });
  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  const preflight = (origin: string, path = '/send-email') =>
    send(`${api.url}${path}`, 'OPTIONS', {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type, idempotency-key',
    });
  const post = (origin: string | undefined, path = '/send-email', body = JSON.stringify(validEnquiry)) =>
    send(
      `${api.url}${path}`,
      'POST',
      { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}) },
      body,
    );

  it('answers an allowed origin’s preflight as before, on a route and on an unknown path', async () => {
    expect(await preflight(siteOrigin)).toMatchInlineSnapshot(`
      {
        "body": "",
        "headers": [
          "access-control-allow-headers: Content-Type, Idempotency-Key",
          "access-control-allow-methods: GET, POST, OPTIONS",
          "access-control-allow-origin: http://localhost:7000",
          "access-control-expose-headers: Retry-After, Idempotent-Replayed",
          "access-control-max-age: 600",
          "cache-control: no-store",
          "vary: Origin",
          "x-content-type-options: nosniff",
        ],
        "status": 204,
      }
    `);
    expect(await preflight(siteOrigin, '/no-such-path')).toMatchInlineSnapshot(`
      {
        "body": "",
        "headers": [
          "access-control-allow-headers: Content-Type, Idempotency-Key",
          "access-control-allow-methods: GET, POST, OPTIONS",
          "access-control-allow-origin: http://localhost:7000",
          "access-control-expose-headers: Retry-After, Idempotent-Replayed",
          "access-control-max-age: 600",
          "cache-control: no-store",
          "vary: Origin",
          "x-content-type-options: nosniff",
        ],
        "status": 204,
      }
    `);
  });

  it('answers an allowed origin’s requests as before: success, refusals of the request, unknown and wrong-method paths', async () => {
    const stored = await post(siteOrigin);
    expect({ ...stored, body: stored.body.length > 0 }).toMatchInlineSnapshot(`
      {
        "body": true,
        "headers": [
          "access-control-allow-origin: http://localhost:7000",
          "access-control-expose-headers: Retry-After, Idempotent-Replayed",
          "cache-control: no-store",
          "content-type: application/json",
          "vary: Origin",
          "x-content-type-options: nosniff",
        ],
        "status": 200,
      }
    `);
    expect(await post(siteOrigin, '/send-email', '{')).toMatchInlineSnapshot(`
      {
        "body": "{"error":"The request body is not valid JSON."}",
        "headers": [
          "access-control-allow-origin: http://localhost:7000",
          "access-control-expose-headers: Retry-After, Idempotent-Replayed",
          "cache-control: no-store",
          "content-type: application/json",
          "vary: Origin",
          "x-content-type-options: nosniff",
        ],
        "status": 400,
      }
    `);
    expect(await send(`${api.url}/health`, 'GET', { Origin: siteOrigin })).toMatchObject({ status: 200 });
    expect((await send(`${api.url}/health`, 'GET', { Origin: siteOrigin })).headers).toMatchInlineSnapshot(`
      [
        "access-control-allow-origin: http://localhost:7000",
        "access-control-expose-headers: Retry-After, Idempotent-Replayed",
        "cache-control: no-store",
        "content-type: application/json",
        "vary: Origin",
        "x-content-type-options: nosniff",
      ]
    `);
    expect(await send(`${api.url}/nothing`, 'GET', { Origin: siteOrigin })).toMatchInlineSnapshot(`
      {
        "body": "{"error":"Not found."}",
        "headers": [
          "access-control-allow-origin: http://localhost:7000",
          "access-control-expose-headers: Retry-After, Idempotent-Replayed",
          "cache-control: no-store",
          "content-type: application/json",
          "vary: Origin",
          "x-content-type-options: nosniff",
        ],
        "status": 404,
      }
    `);
    expect(await send(`${api.url}/send-email`, 'GET', { Origin: siteOrigin })).toMatchInlineSnapshot(`
      {
        "body": "{"error":"Method not allowed."}",
        "headers": [
          "access-control-allow-origin: http://localhost:7000",
          "access-control-expose-headers: Retry-After, Idempotent-Replayed",
          "allow: POST",
          "cache-control: no-store",
          "content-type: application/json",
          "vary: Origin",
          "x-content-type-options: nosniff",
        ],
        "status": 405,
      }
    `);
  });

  it('refuses another origin as before: its preflight and its requests', async () => {
    expect(await preflight(foreign)).toMatchInlineSnapshot(`
      {
        "body": "",
        "headers": [
          "cache-control: no-store",
          "x-content-type-options: nosniff",
          "Transfer-Encoding: chunked",
        ],
        "status": 403,
      }
    `);
    expect(await post(foreign)).toMatchInlineSnapshot(`
      {
        "body": "{"error":"This website is not allowed to send messages to this address."}",
        "headers": [
          "cache-control: no-store",
          "content-type: application/json",
          "x-content-type-options: nosniff",
        ],
        "status": 403,
      }
    `);
    expect(await send(`${api.url}/health`, 'GET', { Origin: foreign })).toMatchInlineSnapshot(`
      {
        "body": "{"error":"This website is not allowed to send messages to this address."}",
        "headers": [
          "cache-control: no-store",
          "content-type: application/json",
          "x-content-type-options: nosniff",
        ],
        "status": 403,
      }
    `);
  });

  it('answers a caller without an Origin header as before', async () => {
    expect((await send(`${api.url}/health`, 'GET', {})).headers).toMatchInlineSnapshot(`
      [
        "cache-control: no-store",
        "content-type: application/json",
        "x-content-type-options: nosniff",
      ]
    `);
    expect(await send(`${api.url}/send-email`, 'OPTIONS', {})).toMatchInlineSnapshot(`
      {
        "body": "{"error":"Method not allowed."}",
        "headers": [
          "allow: POST",
          "cache-control: no-store",
          "content-type: application/json",
          "x-content-type-options: nosniff",
        ],
        "status": 405,
      }
    `);
  });
});
