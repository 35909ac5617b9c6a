import { join } from 'node:path';
import {
  beaconMessages,
  otherPathRouteKey,
  remoteHealthReportSchema,
  type VitalsReport,
  vitalsMessages,
} from 'shared-content/enquiry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, removeDir, siteOrigin, startApi, temporaryDir } from './support/processes.ts';
import { type RemoteMapServer, startRemoteMapServer } from './support/remote-map-server.ts';

/**
 * POST /vitals against the real API process: a report stored per remote version and route, read back through
 * GET /remote-health as p75s; the forged-report guards it shares with the health beacon (one report per page
 * load, a daily share per client, distinct clients and networks, strict fields, live versions only, each path
 * kept under its canonical route) and the beacon's rate limit, which both paths spend.
 */
const stable = '1.4.0-3f43688a';
const canary = '1.5.0-0c0ffee0';
let pageLoads = 0;
const newPageLoad = () => `vitals-test-${++pageLoads}-${process.pid}`;

const reportOf = (overrides: Partial<VitalsReport> = {}): VitalsReport => ({
  pageLoad: newPageLoad(),
  route: '/portfolio',
  bucket: 12,
  versions: [
    { remote: 'mf_portfolio', version: canary },
    { remote: 'mf_marketing', version: stable },
  ],
  vitals: { LCP: 1200, INP: 320, CLS: 0.01 },
  ...overrides,
});

function post(api: ApiProcess, body: unknown, client = '198.51.100.7') {
  return fetch(`${api.url}/vitals`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: siteOrigin, 'X-Forwarded-For': client },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function vitalsOf(api: ApiProcess) {
  const response = await fetch(`${api.url}/remote-health?since=2000-01-01T00:00:00Z`);
  expect(response.status).toBe(200);
  return remoteHealthReportSchema.parse(await response.json()).vitals ?? [];
}

describe('POST /vitals', () => {
  const dir = temporaryDir('vitals');
  let api: ApiProcess;
  let map: RemoteMapServer;

  beforeAll(async () => {
    map = await startRemoteMapServer({
      mf_marketing: [stable],
      mf_portfolio: [stable, canary],
      mf_contact: [stable],
    });
    api = await startApi({
      dataDir: join(dir, 'data'),
      env: {
        ENQUIRY_REMOTE_MAP_URL: map.url,
        ENQUIRY_TRUST_PROXY: 'true',
        ENQUIRY_HEALTH_MAX_LOADS_PER_CLIENT: '3',
        ENQUIRY_BEACON_RATE_LIMIT: '1000',
      },
    });
  });
  afterAll(async () => {
    await api?.stop();
    await map?.stop();
    removeDir(dir);
  });

  it.each([
    [
      'a field the contract has not',
      { ...reportOf(), userAgent: 'Mozilla/5.0' },
      '',
      'unexpected field "userAgent"',
    ],
    ['no metric', reportOf({ vitals: {} }), 'vitals', 'vitals must hold at least one metric.'],
    ['an INP that is not whole ms', reportOf({ vitals: { INP: 12.5 } }), 'vitals.INP', 'whole number'],
    ['an INP past its maximum', reportOf({ vitals: { INP: 600_000 } }), 'vitals.INP', 'from 0 to 60000'],
    ['a CLS below 0', reportOf({ vitals: { CLS: -1 } }), 'vitals.CLS', 'from 0 to 10'],
    ['a bucket past 99', reportOf({ bucket: 100 }), 'bucket', 'from 0 to 99'],
    ['a URL for a route', reportOf({ route: 'https://x.example/?email=a' }), 'route', "a page's path"],
    ['a route past 256 characters', reportOf({ route: `/${'a'.repeat(256)}` }), 'route', 'at most 256'],
    ['a route with a space', reportOf({ route: '/portfolio page' }), 'route', 'no space'],
    ['a route that is not text', { ...reportOf(), route: ['/portfolio'] }, 'route', "a page's path"],
    [
      'a remote the site has not',
      reportOf({ versions: [{ remote: 'mf_shop', version: stable }] }),
      'versions[0].remote',
      'is not one of the site',
    ],
    [
      'a remote named twice',
      reportOf({
        versions: [
          { remote: 'mf_portfolio', version: canary },
          { remote: 'mf_portfolio', version: stable },
        ],
      }),
      'versions[1].remote',
      vitalsMessages.repeatedRemote('versions[1].remote', 'mf_portfolio'),
    ],
    [
      'a live version named in another case than the map names it',
      reportOf({ versions: [{ remote: 'mf_portfolio', version: canary.toUpperCase() }] }),
      'versions[0].version',
      beaconMessages.notLive('versions[0].version', canary.toUpperCase(), 'mf_portfolio'),
    ],
    [
      'a version live for another remote only',
      reportOf({ versions: [{ remote: 'mf_marketing', version: canary }] }),
      'versions[0].version',
      beaconMessages.notLive('versions[0].version', canary, 'mf_marketing'),
    ],
    [
      'the version the health counts take when the map was not read',
      reportOf({ versions: [{ remote: 'mf_portfolio', version: 'unknown' }] }),
      'versions[0].version',
      beaconMessages.notLive('versions[0].version', 'unknown', 'mf_portfolio'),
    ],
    [
      'a version not live',
      reportOf({ versions: [{ remote: 'mf_portfolio', version: '9.9.9-forged' }] }),
      'versions[0].version',
      beaconMessages.notLive('versions[0].version', '9.9.9-forged', 'mf_portfolio'),
    ],
  ])('refuses %s (400 naming its field), storing nothing', async (_name, body, field, message) => {
    const response = await post(api, body);
    expect(response.status).toBe(400);
    const reply = (await response.json()) as { error: string; field?: string };
    expect(reply.error).toContain(message);
    expect(reply.field ?? '').toBe(field);
    expect(await vitalsOf(api)).toEqual([]);
  });

  it('stores one report per page load per remote, within a client’s share, and sums p75s per version and route', async () => {
    const once = reportOf();
    expect((await post(api, once)).status).toBe(204);
    // The same page load again (a forger replaying it, or a second hidden event) adds nothing.
    expect((await post(api, { ...once, vitals: { INP: 9000 } })).status).toBe(204);
    // Two more from that client, then its share (3 a day per version) is used up: 204, but not stored.
    for (const INP of [300, 340, 50_000])
      expect((await post(api, reportOf({ vitals: { INP } }))).status).toBe(204);
    // Other clients in other networks.
    for (const [index, INP] of [310, 330, 350].entries())
      expect((await post(api, reportOf({ vitals: { INP } }), `203.0.${113 + index}.9`)).status).toBe(204);

    const rows = await vitalsOf(api);
    const inp = rows.find((row) => row.version === canary && row.metric === 'INP');
    // 320, 300, 340 from the first client (not 9000, not 50000), 310, 330, 350 from three others.
    expect(inp).toMatchObject({ remote: 'mf_portfolio', route: '/portfolio', samples: 6, p75: 340 });
    expect(inp?.clients).toBe(4);
    expect(inp?.networks).toBe(4);
    // Without the network that sent the most (the first client's three), the p75 of the other three.
    expect(inp?.withoutTopNetworks[0]).toMatchObject({ samples: 3, p75: 350 });
    // Six samples: the 95% interval's lower end is the order statistic at rank ⌊4.5 − 1.96·√1.125⌋ = 2.
    expect(inp?.p75Low).toBe(310);
    // The default version of the other remote on the page has its own row, from the same reports.
    expect(rows.find((row) => row.version === stable && row.metric === 'LCP')).toMatchObject({
      remote: 'mf_marketing',
      samples: 1,
      p75: 1200,
    });
  });

  it('keeps a report under its route by shape: a query or a trailing slash dropped, a path no route could have as the 404 page', async () => {
    const paths = ['/portfolio?utm_source=x', '/portfolio/', '/%2e%2e/admin', '/a//b'];
    for (const [index, route] of paths.entries()) {
      const report = reportOf({
        route,
        versions: [{ remote: 'mf_contact', version: stable }],
        vitals: { CLS: 0.2 },
      });
      expect((await post(api, report, `192.0.2.${index + 1}`)).status).toBe(204);
    }
    const rows = (await vitalsOf(api)).filter((row) => row.remote === 'mf_contact');
    expect(rows.map(({ route, metric, samples }) => `${route} ${metric} ${samples}`).sort()).toEqual([
      `${otherPathRouteKey} CLS 2`,
      '/portfolio CLS 2',
    ]);
  });

  it('keeps what the other slots of each page ran, and counts clients and networks per route', async () => {
    const contact = { remote: 'mf_contact', version: stable };
    // Two page loads beside mf_portfolio's canary, one beside its default, each from a client of its own.
    for (const [index, portfolio] of [canary, canary, stable].entries()) {
      const report = reportOf({
        route: '/contact',
        versions: [contact, { remote: 'mf_portfolio', version: portfolio }],
        vitals: { INP: 100 + index },
      });
      expect((await post(api, report, `198.18.${index}.1`)).status).toBe(204);
    }
    const rows = (await vitalsOf(api)).filter((row) => row.route === '/contact' && row.metric === 'INP');
    const of = (remote: string, version: string, otherSlots: string) =>
      rows.find((row) => row.remote === remote && row.version === version && row.otherSlots === otherSlots);
    // mf_contact's samples apart by what mf_portfolio ran; its clients and networks those of this route only.
    expect(of('mf_contact', stable, 'canary')).toMatchObject({ samples: 2, clients: 2, networks: 2 });
    expect(of('mf_contact', stable, 'default')).toMatchObject({ samples: 1, clients: 1, networks: 1 });
    // mf_portfolio's canary and default both beside mf_contact's default: the rows a verdict compares.
    expect(of('mf_portfolio', canary, 'default')).toMatchObject({ samples: 2 });
    expect(of('mf_portfolio', stable, 'default')).toMatchObject({ samples: 1 });
    expect(rows).toHaveLength(4);
  });
});
