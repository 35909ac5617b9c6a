import { join } from 'node:path';
import { apiMessages } from 'shared-content/enquiry';
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

const storedCount = (api: ApiProcess) => readInbox(api.dataDir, (inbox) => inbox.counts().messages);

describe('rate limit', () => {
  const dir = temporaryDir('rate');
  let api: ApiProcess;

  beforeAll(async () => {
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: { ENQUIRY_RATE_LIMIT: '3', ENQUIRY_RATE_WINDOW_SECONDS: '120' },
    });
  });
  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  it('answers 429 with Retry-After once a client has sent its limit, and stores nothing more', async () => {
    for (let index = 0; index < 3; index += 1) {
      expect((await postJson(`${api.url}/send-email`, validEnquiry)).status).toBe(200);
    }
    const limited = await postJson(`${api.url}/send-email`, validEnquiry);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(((await limited.json()) as { error: string }).error).toBe(apiMessages.tooManyRequests(retryAfter));
    expect(storedCount(api)).toBe(3);

    // The limit is per client, across routes, and a forged X-Forwarded-For does not reset it (no proxy trusted).
    const other = await postJson(
      `${api.url}/subscribe`,
      { email: 'a@example.com' },
      { 'X-Forwarded-For': '203.0.113.9' },
    );
    expect(other.status).toBe(429);
    const form = new FormData();
    form.append('name', 'x');
    const emailJs = await fetch(`${api.url}/api/v1.0/email/send-form`, { method: 'POST', body: form });
    expect(emailJs.status).toBe(429);
    expect(await emailJs.text()).toContain('Too many messages');
    // Health checks are not limited.
    expect((await fetch(`${api.url}/health`)).status).toBe(200);
  });
});

describe('CORS', () => {
  const dir = temporaryDir('cors');
  let api: ApiProcess;
  const foreign = 'http://attacker.example';

  beforeAll(async () => {
    api = await startApi({ dataDir: join(dir, 'data') });
  });
  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  const preflight = (origin: string) =>
    fetch(`${api.url}/send-email`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });

  it('allows the site origin: preflight and the post itself', async () => {
    const check = await preflight(siteOrigin);
    expect(check.status).toBe(204);
    expect(check.headers.get('access-control-allow-origin')).toBe(siteOrigin);
    expect(check.headers.get('access-control-allow-methods')).toContain('POST');
    expect(check.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');

    const response = await postJson(`${api.url}/send-email`, validEnquiry, { Origin: siteOrigin });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(siteOrigin);
    expect(response.headers.get('vary')).toContain('Origin');
  });

  it('denies any other origin: no CORS headers, 403, and nothing stored', async () => {
    const before = storedCount(api);
    const check = await preflight(foreign);
    expect(check.status).toBe(403);
    expect(check.headers.get('access-control-allow-origin')).toBeNull();

    const response = await postJson(`${api.url}/send-email`, validEnquiry, { Origin: foreign });
    expect(response.status).toBe(403);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await response.json()) as { error: string }).error).toBe(apiMessages.originNotAllowed);

    // A multipart post needs no preflight in a browser: refusing the origin is what keeps it out.
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: 'x',
      email: 'x@example.com',
      message: 'hi',
      user_id: 'u',
      service_id: 's',
      template_id: 't',
    })) {
      form.append(key, value);
    }
    const simple = await fetch(`${api.url}/api/v1.0/email/send-form`, {
      method: 'POST',
      body: form,
      headers: { Origin: foreign },
    });
    expect(simple.status).toBe(403);
    expect(storedCount(api)).toBe(before);
  });

  it('serves callers without an Origin header (server to server) without CORS headers', async () => {
    const response = await postJson(`${api.url}/send-email`, validEnquiry);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
