import { describe, expect, it, vi } from 'vitest';
import { emptyEnquiry } from './enquiry-machine.ts';
import { sendEnquiry } from './send-enquiry.ts';

const enquiry = { ...emptyEnquiry, name: 'A', email: 'a@b.example', business: 'B', phone: '+91 9' };

const answering = (body: BodyInit | null, status: number, contentType = 'application/json') =>
  vi.fn<typeof fetch>(async () => new Response(body, { status, headers: { 'Content-Type': contentType } }));

describe('sendEnquiry', () => {
  it('POSTs the enquiry as JSON to {apiUrl}/send-email', async () => {
    const fetchStub = answering(JSON.stringify({ ok: true, id: 'e1' }), 200);
    await sendEnquiry('http://api.test', enquiry, { fetchImpl: fetchStub });
    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/send-email');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(enquiry);
  });

  it('counts any success status as sent, whatever the body', async () => {
    expect(
      await sendEnquiry('http://api.test', enquiry, { fetchImpl: answering('', 200, 'text/plain') }),
    ).toEqual({
      type: 'succeeded',
    });
    expect(await sendEnquiry('http://api.test', enquiry, { fetchImpl: answering(null, 204) })).toEqual({
      type: 'succeeded',
    });
  });

  it("reads the error field of a failure's JSON body", async () => {
    const outcome = await sendEnquiry('http://api.test', enquiry, {
      fetchImpl: answering('{"error":"Bad phone"}', 400),
    });
    expect(outcome).toEqual({ type: 'serverFailed', error: 'Bad phone' });
  });

  it('reports a failure without an error field, or without JSON, with no error', async () => {
    expect(
      await sendEnquiry('http://api.test', enquiry, { fetchImpl: answering('{"ok":false}', 500) }),
    ).toEqual({
      type: 'serverFailed',
      error: undefined,
    });
    expect(
      await sendEnquiry('http://api.test', enquiry, {
        fetchImpl: answering('<h1>Bad gateway</h1>', 502, 'text/html'),
      }),
    ).toEqual({ type: 'serverFailed', error: undefined });
  });

  it('adds the anti-bot field only when it was filled', async () => {
    const fetchStub = answering('{"ok":true}', 200);
    await sendEnquiry('http://api.test', enquiry, { fetchImpl: fetchStub, honeypot: 'spam' });
    expect(JSON.parse(String(fetchStub.mock.calls[0]?.[1]?.body))).toEqual({ ...enquiry, website: 'spam' });
  });

  it('reports a request that never got an answer as a network failure', async () => {
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendEnquiry('http://api.test', enquiry, { fetchImpl: failing })).toEqual({
      type: 'networkFailed',
    });
  });
});
