import { join } from 'node:path';
import { apiMessages, beaconLimits, beaconMessages, type RemoteHealthEvent } from 'shared-content/enquiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRemoteHealth } from '../src/store/remote-health.ts';
import { minuteStart } from '../src/store/remote-health-store.ts';
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
import { RawConnection } from './support/raw-http.ts';
import { type RemoteMapServer, startRemoteMapServer } from './support/remote-map-server.ts';

/**
 * POST /beacon against the real API process and its SQLite file: bad beacons (each refused naming the problem,
 * with nothing stored), the connection after a 413, the per-minute sums, and the beacon's own rate limit.
 */

/** What navigator.sendBeacon sends for a string body. */
const beaconType = 'text/plain;charset=UTF-8';
const foreign = 'http://attacker.example';

const view: RemoteHealthEvent = { remote: 'mf_contact', version: '1.4.0-3f43688a', kind: 'view', count: 3 };
const failed: RemoteHealthEvent = {
  remote: 'mf_portfolio',
  version: '1.4.0-3f43688a',
  kind: 'load-failure',
  reason: 'network',
  count: 1,
};
const json = (value: unknown) => JSON.stringify(value);
/** The live remote map (the shell origin's remotes.json): '1.4.0-3f43688a' for each remote, and a canary. */
let map: RemoteMapServer;
const liveFor = (stable: string, canary?: string) =>
  Object.fromEntries(
    ['mf_marketing', 'mf_portfolio', 'mf_contact'].map((remote) => [
      remote,
      canary ? [stable, canary] : [stable],
    ]),
  );
/** Makes `version` a live canary of every remote (the API looks again when a beacon names it). */
const goLive = (version: string) => map.live(liveFor('1.4.0-3f43688a', version));

let pageLoads = 0;
/** A page load's random id, a new one for each beacon unless a test says otherwise. */
const newPageLoad = () => `beacon-test-${++pageLoads}-${process.pid}`;
const beaconOf = (...events: unknown[]) => json({ events, pageLoad: newPageLoad() });

/** As a browser sends it: a string body, the page's Origin. */
function postBeacon(api: ApiProcess, body: string | Blob, headers: Record<string, string> = {}) {
  return fetch(`${api.url}/beacon`, {
    method: 'POST',
    headers: { 'Content-Type': beaconType, Origin: siteOrigin, ...headers },
    body,
  });
}

/** Every stored count, per minute, through the release tool's reader (the API keeps running meanwhile). */
const storedCounts = (api: ApiProcess) =>
  readRemoteHealth({ dataDir: api.dataDir, since: 0, perMinute: true });
const storedMessages = (api: ApiProcess) => readInbox(api.dataDir, (inbox) => inbox.counts());

interface Case {
  name: string;
  method?: string;
  /** null: send no Content-Type at all. */
  contentType?: string | null;
  origin?: string;
  body?: string | Blob;
  status: number;
  /** A piece of the error text. */
  error: string;
  /** The field the reply names, when it names one. */
  field?: string;
}

const cases: Case[] = [
  // Content types: a beacon is JSON in text/plain (sendBeacon) or application/json.
  {
    name: 'text/html',
    contentType: 'text/html',
    body: beaconOf(view),
    status: 415,
    error: beaconMessages.contentType,
  },
  {
    name: 'url-encoded form',
    contentType: 'application/x-www-form-urlencoded',
    body: 'remote=mf_contact',
    status: 415,
    error: beaconMessages.contentType,
  },
  {
    name: 'no Content-Type',
    contentType: null,
    body: new Blob([beaconOf(view)]),
    status: 415,
    error: beaconMessages.contentType,
  },
  // Not a beacon at all
  { name: 'empty body', body: '', status: 400, error: apiMessages.invalidJson },
  { name: 'not JSON', body: 'view mf_contact 3', status: 400, error: apiMessages.invalidJson },
  { name: 'truncated JSON', body: beaconOf(view).slice(0, -2), status: 400, error: apiMessages.invalidJson },
  { name: 'a JSON array', body: json([view]), status: 400, error: 'The beacon must be a JSON object' },
  { name: 'a JSON string', body: json('view'), status: 400, error: 'The beacon must be a JSON object' },
  { name: 'JSON null', body: 'null', status: 400, error: 'The beacon must be a JSON object' },
  // The events list
  { name: 'missing events', body: '{}', status: 400, error: 'events is required.', field: 'events' },
  {
    name: 'events not a list',
    body: json({ events: view }),
    status: 400,
    error: 'events must be a list of events.',
    field: 'events',
  },
  {
    name: 'empty events',
    body: beaconOf(),
    status: 400,
    error: 'events must have at least 1 event.',
    field: 'events',
  },
  {
    name: 'too many events',
    body: beaconOf(...Array.from({ length: beaconLimits.maxEvents + 1 }, () => view)),
    status: 400,
    error: `events must have at most ${beaconLimits.maxEvents} events.`,
    field: 'events',
  },
  // No text can be smuggled in
  {
    name: 'an extra top-level key',
    body: json({ events: [view], pageLoad: newPageLoad(), page: '/contact?email=a@b.example' }),
    status: 400,
    error: 'The beacon has an unexpected field "page".',
  },
  {
    name: 'a __proto__ key',
    body: `{"__proto__": {"admin": true}, "events": ${json([view])}, "pageLoad": "${newPageLoad()}"}`,
    status: 400,
    error: 'The beacon has an unexpected field "__proto__".',
  },
  {
    name: 'an extra event key (an error message)',
    body: beaconOf(view, { ...failed, message: 'TypeError: failed to fetch https://cdn.example/remote.js' }),
    status: 400,
    error: 'events[1] has an unexpected field "message".',
    field: 'events[1]',
  },
  {
    name: 'an event that is not an object',
    body: beaconOf('view'),
    status: 400,
    error: 'events[0] must be an object',
    field: 'events[0]',
  },
  // Remotes and versions
  {
    name: 'missing remote',
    body: beaconOf({ ...view, remote: undefined }),
    status: 400,
    error: 'events[0].remote is required.',
    field: 'events[0].remote',
  },
  {
    name: 'a remote name that is no Module Federation name',
    body: beaconOf({ ...view, remote: 'MF-Contact' }),
    status: 400,
    error: 'events[0].remote must be a Module Federation name',
    field: 'events[0].remote',
  },
  {
    name: 'a remote the site does not have',
    body: beaconOf({ ...view, remote: 'mf_blog' }),
    status: 400,
    error: `events[0].remote "mf_blog" is not one of the site's remotes: mf_marketing, mf_portfolio, mf_contact.`,
    field: 'events[0].remote',
  },
  {
    name: 'an unknown remote after a valid event (all or nothing)',
    body: beaconOf(view, { ...failed, remote: 'mf_admin' }),
    status: 400,
    error: `events[1].remote "mf_admin" is not one of the site's remotes`,
    field: 'events[1].remote',
  },
  {
    name: 'bad version characters',
    body: beaconOf({ ...view, version: '1.4.0/../../etc' }),
    status: 400,
    error: 'events[0].version must be a release version',
    field: 'events[0].version',
  },
  {
    name: 'a version with a space',
    body: beaconOf({ ...view, version: '1.4 beta' }),
    status: 400,
    error: 'events[0].version must be a release version',
    field: 'events[0].version',
  },
  {
    name: 'a version too long',
    body: beaconOf({ ...view, version: `1${'0'.repeat(64)}` }),
    status: 400,
    error: 'events[0].version must be a release version: 1 to 64',
    field: 'events[0].version',
  },
  // Kinds, reasons, counts
  {
    name: 'an unknown kind',
    body: beaconOf({ ...view, kind: 'crash' }),
    status: 400,
    error: 'events[0].kind must be one of: view, load-failure, render-error, hydration-mismatch.',
    field: 'events[0].kind',
  },
  {
    name: 'count 0',
    body: beaconOf({ ...view, count: 0 }),
    status: 400,
    error: 'events[0].count must be a whole number from 1 to 50.',
    field: 'events[0].count',
  },
  {
    name: 'a negative count',
    body: beaconOf({ ...view, count: -5 }),
    status: 400,
    error: 'events[0].count must be a whole number',
    field: 'events[0].count',
  },
  {
    name: 'a fractional count',
    body: beaconOf({ ...view, count: 2.5 }),
    status: 400,
    error: 'events[0].count must be a whole number',
    field: 'events[0].count',
  },
  {
    name: 'a count too large',
    body: beaconOf({ ...view, count: beaconLimits.maxCount + 1 }),
    status: 400,
    error: 'events[0].count must be a whole number from 1 to 50.',
    field: 'events[0].count',
  },
  {
    name: 'a count as text',
    body: beaconOf({ ...view, count: '3' }),
    status: 400,
    error: 'events[0].count must be a whole number',
    field: 'events[0].count',
  },
  {
    name: 'no reason for a load-failure',
    body: beaconOf(view, { ...failed, reason: undefined }),
    status: 400,
    error: 'events[1].reason is required for a load-failure.',
    field: 'events[1].reason',
  },
  {
    name: 'a reason on a view',
    body: beaconOf({ ...view, reason: 'network' }),
    status: 400,
    error: 'events[0].reason is only for a load-failure, not for a view.',
    field: 'events[0].reason',
  },
  {
    name: 'an unknown reason',
    body: beaconOf({ ...failed, reason: 'blocked-by-extension' }),
    status: 400,
    error: 'events[0].reason must be one of: network, timeout, incompatible, integrity.',
    field: 'events[0].reason',
  },
  // Size, origin, method
  {
    name: 'a body over 4096 bytes (a valid beacon padded with spaces)',
    body: beaconOf(view).padEnd(beaconLimits.maxBytes + 1, ' '),
    status: 413,
    error: beaconMessages.tooLarge,
  },
  {
    name: 'a foreign origin',
    origin: foreign,
    body: beaconOf(view),
    status: 403,
    error: apiMessages.originNotAllowed,
  },
  { name: 'GET /beacon', method: 'GET', status: 405, error: apiMessages.methodNotAllowed },
  // The page load and the live versions
  {
    name: 'no page-load id',
    body: json({ events: [view] }),
    status: 400,
    error: 'pageLoad is required.',
    field: 'pageLoad',
  },
  {
    name: 'a page-load id that is not a random token',
    body: json({ events: [view], pageLoad: 'visitor a@b.example' }),
    status: 400,
    error: "pageLoad must be the page load's random id",
    field: 'pageLoad',
  },
  {
    name: 'a version that is not live',
    body: beaconOf(view, { ...failed, version: '9.9.9-forged' }),
    status: 400,
    error: beaconMessages.notLive('events[1].version', '9.9.9-forged', 'mf_portfolio'),
    field: 'events[1].version',
  },
  {
    name: 'a version in the form the map refuses',
    body: beaconOf({ ...view, version: '2025.01.31+build_7' }),
    status: 400,
    error: 'events[0].version "2025.01.31+build_7" is not a version of mf_contact live on the site',
    field: 'events[0].version',
  },
];

describe('POST /beacon', () => {
  const dir = temporaryDir('beacon');
  let api: ApiProcess;

  beforeAll(async () => {
    map = await startRemoteMapServer(liveFor('1.4.0-3f43688a'));
    api = await startApi({ dataDir: join(dir, 'data'), env: { ENQUIRY_REMOTE_MAP_URL: map.url } });
  });
  afterAll(async () => {
    await api?.stop();
    await map?.stop();
    removeDir(dir);
  });

  it('has at least 15 kinds of bad input', () => {
    expect(new Set(cases.map((testCase) => testCase.name)).size).toBeGreaterThanOrEqual(15);
  });

  it.each(cases)('refuses $name: $status, naming the problem, storing nothing', async (testCase) => {
    const before = { counts: storedCounts(api), messages: storedMessages(api) };
    const headers: Record<string, string> = { Origin: testCase.origin ?? siteOrigin };
    if (testCase.contentType !== null) headers['Content-Type'] = testCase.contentType ?? beaconType;
    const method = testCase.method ?? 'POST';
    const response = await fetch(`${api.url}/beacon`, {
      method,
      headers,
      ...(method === 'GET' ? {} : { body: testCase.body ?? '' }),
    });
    expect(response.status).toBe(testCase.status);
    const reply = (await response.json()) as { error: string; field?: string };
    expect(reply.error).toContain(testCase.error);
    if (testCase.field) expect(reply.field).toBe(testCase.field);
    if (testCase.status === 405) expect(response.headers.get('allow')).toBe('POST');
    expect(storedCounts(api)).toEqual(before.counts);
    expect(storedMessages(api)).toEqual(before.messages);
  });

  it('answers 204 with no body, for the site origin, and stores the counts', async () => {
    goLive('stored-1');
    const response = await postBeacon(api, beaconOf({ ...view, version: 'stored-1' }));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe(siteOrigin);
    // One page load counts once, whatever the event's count says (issue 29: it was 3 here).
    expect(storedCounts(api).filter((row) => row.version === 'stored-1')).toEqual([
      expect.objectContaining({ remote: 'mf_contact', kind: 'view', reason: null, count: 1 }),
    ]);
    // application/json is taken too (a tool, or a fetch that says what it sends).
    const asJson = await postJson(`${api.url}/beacon`, {
      events: [{ ...view, version: 'stored-1', count: 2 }],
      pageLoad: newPageLoad(),
    });
    expect(asJson.status).toBe(204);
    expect(storedCounts(api).find((row) => row.version === 'stored-1')?.count).toBe(2);
  });

  it('adds beacons of the same minute into one row per remote version, kind and reason', async () => {
    // Two beacons a few milliseconds apart share their minute unless they straddle its end: keep clear of it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 5_000) await new Promise((wait) => setTimeout(wait, left + 100));
    const version = 'sum-1';
    goLive(version);
    const sentAt = Date.now();
    const first = [
      { ...view, version },
      { ...failed, version },
    ];
    const second = [
      { ...view, version, count: 2 },
      { ...failed, version, reason: 'timeout' },
      { ...failed, version },
    ];
    expect((await postBeacon(api, beaconOf(...first))).status).toBe(204);
    expect((await postBeacon(api, beaconOf(...second))).status).toBe(204);

    const minute = new Date(minuteStart(sentAt)).toISOString();
    const rows = storedCounts(api).filter((row) => row.version === version);
    expect(
      rows.map(({ remote, kind, reason, count, minute }) => ({ remote, kind, reason, count, minute })),
    ).toEqual([
      // Two page loads: a view each, and a load failure each, with the reason of its first event.
      { remote: 'mf_contact', kind: 'view', reason: null, count: 2, minute },
      { remote: 'mf_portfolio', kind: 'load-failure', reason: 'network', count: 1, minute },
      { remote: 'mf_portfolio', kind: 'load-failure', reason: 'timeout', count: 1, minute },
    ]);
    // The reader without perMinute: the same sums, since a time in that minute.
    const sums = readRemoteHealth({ dataDir: api.dataDir, since: sentAt }).filter(
      (row) => row.version === version,
    );
    expect(sums.map((row) => row.count)).toEqual([2, 1, 1]);
  });

  it('keeps the connection after a 413 (drained), and serves the next beacon on it', async () => {
    const version = 'after-413';
    goLive(version);
    const connection = await RawConnection.open(api.port);
    try {
      connection.send({
        path: '/beacon',
        headers: { 'Content-Type': beaconType, Origin: siteOrigin },
        body: beaconOf({ ...view, version }).padEnd(5_000, ' '),
      });
      const tooLarge = await connection.response();
      expect(tooLarge.status).toBe(413);
      expect((JSON.parse(tooLarge.body) as { error: string }).error).toBe(beaconMessages.tooLarge);
      expect(tooLarge.headers.connection).toBe('keep-alive');

      connection.send({
        path: '/beacon',
        headers: { 'Content-Type': beaconType, Origin: siteOrigin },
        body: beaconOf({ ...view, version }),
      });
      const accepted = await connection.response();
      expect(accepted.status).toBe(204);
      expect(accepted.body).toBe('');
    } finally {
      connection.destroy();
    }
    expect(
      storedCounts(api)
        .filter((row) => row.version === version)
        .map((row) => row.count),
    ).toEqual([1]);
  });

  it('closes cleanly after a 413 for a chunked body, and the next beacon is served on a new connection', async () => {
    const version = 'after-chunked-413';
    goLive(version);
    const connection = await RawConnection.open(api.port);
    try {
      connection.send({
        path: '/beacon',
        headers: { 'Content-Type': beaconType, Origin: siteOrigin },
        body: beaconOf({ ...view, version }).padEnd(200_000, ' '),
        chunked: true,
      });
      const tooLarge = await connection.response();
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.headers.connection).toBe('close');
      expect(await connection.closedByServer()).toEqual({ ended: true, timedOut: false });
    } finally {
      connection.destroy();
    }
    expect((await postBeacon(api, beaconOf({ ...view, version }))).status).toBe(204);
    expect(
      storedCounts(api)
        .filter((row) => row.version === version)
        .map((row) => row.count),
    ).toEqual([1]);
  });
});

describe('POST /beacon: its own rate limit', () => {
  const dir = temporaryDir('beacon-rate');
  let api: ApiProcess;
  const beaconBudget = 3;
  const formBudget = 2;

  beforeAll(async () => {
    map = await startRemoteMapServer({
      mf_marketing: ['1.4.0-3f43688a'],
      mf_portfolio: ['1.4.0-3f43688a'],
      mf_contact: ['limited', 'after-enquiries'],
    });
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: {
        ENQUIRY_REMOTE_MAP_URL: map.url,
        // Each test plays other clients, told apart by X-Forwarded-For.
        ENQUIRY_TRUST_PROXY: 'true',
        ENQUIRY_BEACON_RATE_LIMIT: String(beaconBudget),
        ENQUIRY_BEACON_RATE_WINDOW_SECONDS: '60',
        ENQUIRY_RATE_LIMIT: String(formBudget),
        ENQUIRY_RATE_WINDOW_SECONDS: '600',
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await map?.stop();
    removeDir(dir);
  });

  const from = (client: string) => ({ 'X-Forwarded-For': client });
  const beacon = (client: string, version: string) =>
    postBeacon(api, beaconOf({ ...view, version, count: 1 }), from(client));
  const enquiry = (client: string) => postJson(`${api.url}/send-email`, validEnquiry, from(client));
  const countOf = (version: string) =>
    storedCounts(api)
      .filter((row) => row.version === version)
      .reduce((sum, row) => sum + row.count, 0);

  it('answers 429 with Retry-After over the beacon budget, and the enquiry budget is untouched', async () => {
    const client = '203.0.113.1';
    for (let sent = 0; sent < beaconBudget; sent += 1)
      expect((await beacon(client, 'limited')).status).toBe(204);
    const limited = await beacon(client, 'limited');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as { error: string }).error).toBe(
      beaconMessages.tooManyBeacons(retryAfter),
    );
    expect(countOf('limited')).toBe(beaconBudget);

    // Four beacons, one of them limited, and the visitor's whole enquiry budget is still there.
    for (let sent = 0; sent < formBudget; sent += 1) expect((await enquiry(client)).status).toBe(200);
    expect((await enquiry(client)).status).toBe(429);
    expect((await beacon(client, 'limited')).status).toBe(429);
    expect(countOf('limited')).toBe(beaconBudget);

    // Another client has its own beacon budget.
    expect((await beacon('203.0.113.2', 'limited')).status).toBe(204);
  });

  it('does not count enquiries against the beacon budget', async () => {
    const client = '203.0.113.3';
    for (let sent = 0; sent < formBudget; sent += 1) expect((await enquiry(client)).status).toBe(200);
    expect((await enquiry(client)).status).toBe(429);
    for (let sent = 0; sent < beaconBudget; sent += 1) {
      expect((await beacon(client, 'after-enquiries')).status).toBe(204);
    }
    expect((await beacon(client, 'after-enquiries')).status).toBe(429);
    expect(countOf('after-enquiries')).toBe(beaconBudget);
  });
});
