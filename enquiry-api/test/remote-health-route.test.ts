import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { remoteHealthMessages, remoteHealthReportSchema } from 'shared-content/enquiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, postJson, removeDir, startApi, temporaryDir } from './support/processes.ts';
import { type RemoteMapServer, startRemoteMapServer } from './support/remote-map-server.ts';

/**
 * GET /remote-health against the real API process: the sums of what the beacons stored, and who may read them
 * (a Bearer key when ENQUIRY_HEALTH_KEY is set; without one, a direct loopback client only).
 */

const key = 'health-key-for-the-tests-0123456789abcdef';
const minuteAgo = () => new Date(Date.now() - 60_000).toISOString();
let pageLoads = 0;
const pageLoad = () => `route-test-${++pageLoads}-${process.pid}`;

/** GET with exactly these headers (fetch adds none that matter here). */
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });

/** A non-loopback address of this machine: a request to it comes from it, not from 127.0.0.1. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && !entry.internal && entry.family === 'IPv4')?.address;

async function report(api: ApiProcess, since = minuteAgo(), headers: Record<string, string> = {}) {
  const response = await get(`${api.url}/remote-health?since=${encodeURIComponent(since)}`, headers);
  expect(response.status).toBe(200);
  return remoteHealthReportSchema.parse(await response.json());
}

describe('GET /remote-health without ENQUIRY_HEALTH_KEY', () => {
  const dir = temporaryDir('remote-health');
  let api: ApiProcess;
  let map: RemoteMapServer;
  beforeAll(async () => {
    map = await startRemoteMapServer({ mf_marketing: ['sums-0', 'sums-1'] });
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: { ENQUIRY_HOST: '0.0.0.0', ENQUIRY_REMOTE_MAP_URL: map.url, ENQUIRY_TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await map?.stop();
    removeDir(dir);
  });

  it('sums the stored beacons per remote, version, kind and reason since the time asked for', async () => {
    const send = (events: unknown[], client: string) =>
      postJson(`${api.url}/beacon`, { events, pageLoad: pageLoad() }, { 'X-Forwarded-For': client });
    const view = { remote: 'mf_marketing', version: 'sums-1', kind: 'view', count: 1 };
    const failed = (reason: string) => ({ ...view, kind: 'load-failure', reason });
    // Three page loads from two clients of one network, and one from another network.
    expect((await send([view, failed('timeout')], '203.0.113.1')).status).toBe(204);
    expect((await send([view, failed('network')], '203.0.113.1')).status).toBe(204);
    expect((await send([view, failed('timeout')], '203.0.113.2')).status).toBe(204);
    expect((await send([view], '198.51.100.1')).status).toBe(204);
    const since = minuteAgo();
    const body = await report(api, since);
    expect(body.since).toBe(new Date(Math.floor(Date.parse(since) / 60_000) * 60_000).toISOString());
    expect(body.counts.map(({ kind, reason, count }) => ({ kind, reason, count }))).toEqual([
      { kind: 'load-failure', reason: 'network', count: 1 },
      { kind: 'load-failure', reason: 'timeout', count: 2 },
      { kind: 'view', reason: null, count: 4 },
    ]);
    expect(body.visitors).toEqual([
      {
        remote: 'mf_marketing',
        version: 'sums-1',
        viewClients: 3,
        viewNetworks: 2,
        failureClients: 2,
        failureNetworks: 1,
        // Issue 40: the failures of each network with the most, most first.
        topNetworkFailures: [3],
      },
    ]);
    // Nothing has been counted after a time still to come.
    expect((await report(api, new Date(Date.now() + 120_000).toISOString())).counts).toEqual([]);
    // A date alone is midnight UTC.
    expect((await report(api, new Date().toISOString().slice(0, 10))).counts).toHaveLength(3);
  });

  it('answers 404, as for a path it does not have, to a request that came through a proxy', async () => {
    const proxied: Record<string, string>[] = [
      { 'X-Forwarded-For': '127.0.0.1' },
      { Forwarded: 'for=127.0.0.1' },
    ];
    for (const headers of proxied) {
      const response = await get(`${api.url}/remote-health?since=${minuteAgo()}`, headers);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Not found.' });
    }
  });

  // Needs a non-loopback IPv4 address on this machine (every CI machine has one) to come from outside.
  it.skipIf(outsideAddress === undefined)('answers 404 to a client that is not on loopback', async () => {
    const response = await get(`http://${outsideAddress}:${api.port}/remote-health?since=${minuteAgo()}`);
    expect(response.status).toBe(404);
    // The same client reaches the public routes, so it is the address that is refused, not the connection.
    expect((await get(`http://${outsideAddress}:${api.port}/health`)).status).toBe(200);
  });

  it.each([
    ['no since', '', remoteHealthMessages.since(undefined)],
    ['a word', '?since=yesterday', remoteHealthMessages.since('yesterday')],
    ['Unix milliseconds', '?since=1764140000000', remoteHealthMessages.since('1764140000000')],
    ['a month 13', '?since=2026-13-01T00:00:00Z', remoteHealthMessages.since('2026-13-01T00:00:00Z')],
    ['a time without its zone', '?since=2026-11-26T09:00', remoteHealthMessages.since('2026-11-26T09:00')],
    ['an empty since', '?since=', remoteHealthMessages.since('')],
  ])('refuses %s with 400 and says what it takes', async (_, query, message) => {
    const response = await get(`${api.url}/remote-health${query}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(message).toContain('since');
  });

  it('takes GET only', async () => {
    const response = await fetch(`${api.url}/remote-health?since=${minuteAgo()}`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('GET /remote-health with ENQUIRY_HEALTH_KEY', () => {
  const dir = temporaryDir('remote-health-key');
  let api: ApiProcess;
  let map: RemoteMapServer;
  beforeAll(async () => {
    map = await startRemoteMapServer({ mf_contact: ['keyed-1'] });
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: { ENQUIRY_HEALTH_KEY: key, ENQUIRY_TRUST_PROXY: '1', ENQUIRY_REMOTE_MAP_URL: map.url },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await map?.stop();
    removeDir(dir);
  });

  it.each([
    ['no Authorization', {}],
    ['a wrong key', { Authorization: `Bearer ${key}x` }],
    ['the key as Basic', { Authorization: `Basic ${key}` }],
    ['the key without its scheme', { Authorization: key }],
    ['an empty Bearer', { Authorization: 'Bearer ' }],
  ])('refuses %s with 401, even from loopback', async (_, headers: Record<string, string>) => {
    const response = await get(`${api.url}/remote-health?since=${minuteAgo()}`, headers);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="remote-health"');
    expect(await response.json()).toEqual({ error: remoteHealthMessages.unauthorized });
  });

  it('answers the key, through a proxy too', async () => {
    const events = [{ remote: 'mf_contact', version: 'keyed-1', kind: 'render-error', count: 3 }];
    expect((await postJson(`${api.url}/beacon`, { events, pageLoad: pageLoad() })).status).toBe(204);
    const expected = [expect.objectContaining({ version: 'keyed-1', kind: 'render-error', count: 1 })];
    expect((await report(api, minuteAgo(), { Authorization: `Bearer ${key}` })).counts).toEqual(expected);
    const proxied = { Authorization: `bearer ${key}`, 'X-Forwarded-For': '203.0.113.9' };
    expect((await report(api, minuteAgo(), proxied)).counts).toEqual(expected);
  });

  it('checks the key before the query: a bad since without the key is a 401, not a 400', async () => {
    expect((await get(`${api.url}/remote-health?since=soon`)).status).toBe(401);
  });
});

describe('ENQUIRY_HEALTH_KEY', () => {
  it('refuses to start with a key short enough to guess', async () => {
    const dir = temporaryDir('remote-health-short');
    try {
      await expect(
        startApi({ dataDir: join(dir, 'data'), env: { ENQUIRY_HEALTH_KEY: 'secret' } }),
      ).rejects.toThrow(/ENQUIRY_HEALTH_KEY must be at least 24 printable characters/);
    } finally {
      removeDir(dir);
    }
  });
});
