/**
 * Issue 40, item 4: a canary's verdict counts distinct clients and networks over its whole period, never per UTC
 * day added up. The enquiry API's real store (SQLite, its daily shares, its keyed hashes) with its clock moved
 * over several days, its report read as the canary check reads it (countsOf) and judged by judgeCanary: forged
 * failing loads from any number of addresses in up to three /24 networks never abort a healthy canary, however
 * many days they are sent on; real failures from many networks still do.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canaryRules, judgeCanary } from 'deploy-model/canary/verdict';
import { openDatabase, RemoteHealthStore, visitorOf } from 'enquiry-api/testing/remote-health';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countsOf } from './health.ts';

const hour = 3_600_000;
const day = 24 * hour;
/** The canary starts at 22:00 UTC: the first midnight comes two hours in. */
const canaryStart = Date.UTC(2026, 10, 23, 22, 0);
const stable = '1.0.0-aaaaaaaa';
const canary = '1.1.0-bbbbbbbb';

let dir: string;
let db: ReturnType<typeof openDatabase>;
let store: RemoteHealthStore;
let now: number;
let loads = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verdict-period-'));
  db = openDatabase(dir);
  now = canaryStart;
  // The API's defaults: 10 page loads a day per client, 50 per network, per remote version.
  store = new RemoteHealthStore(db, {
    retentionDays: 30,
    maxLoadsPerClient: 10,
    maxLoadsPerNetwork: 50,
    now: () => now,
  });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One page load of the version from the address: a view, and a load failure if it failed. */
const pageLoad = (version: string, address: string, failed: boolean) =>
  store.record(
    {
      pageLoad: `page-load-${++loads}-xxxxxxxxxxxx`,
      events: [
        { remote: 'mf_marketing', version, kind: 'view', count: 1 },
        ...(failed
          ? [
              {
                remote: 'mf_marketing',
                version,
                kind: 'load-failure' as const,
                reason: 'timeout' as const,
                count: 1,
              },
            ]
          : []),
      ],
    },
    visitorOf(address),
  );

/** Real visitors: each in a network of its own (`network` picks which set of /24s). */
async function visitors(version: string, count: number, failing: number, network = 0) {
  for (let index = 0; index < count; index += 1)
    await pageLoad(
      version,
      `198.${18 + network}.${index % 250}.${1 + Math.floor(index / 250)}`,
      index < failing,
    );
}

/** The verdict the canary check would give now, over the canary's whole period. */
function verdict() {
  const report = store.report(canaryStart);
  const of = (version: string) => countsOf(report, 'mf_marketing', version);
  return { ...judgeCanary(of(canary), of(stable), canaryRules), canary: of(canary) };
}

/** A healthy canary beside its default version: 1% failures both, visitors from many networks. */
async function healthyCanary() {
  await visitors(stable, 400, 4, 0);
  await visitors(canary, 120, 1, 1);
  expect(verdict().action).toBe('keep');
}

describe('a canary verdict counts its visitors over its whole period', () => {
  it('one address sending 10 failing loads a day for 5 days is one client in one network, and keeps the canary', async () => {
    await healthyCanary();
    for (let days = 0; days < 5; days += 1) {
      for (let load = 0; load < 10; load += 1) await pageLoad(canary, '203.0.113.66', true);
      const judged = verdict();
      expect(judged.action, judged.reason).toBe('keep');
      // The real visitors' one failing client, and the attacker: 2 clients in 2 networks, whatever the day.
      expect(judged.canary.distinct).toMatchObject({ failureClients: 2, failureNetworks: 2 });
      now += day;
    }
    expect(verdict().canary.failures).toBe(51);
  });

  it('any number of addresses in three /24 networks, sending their whole share every day for a week, never abort it', async () => {
    await healthyCanary();
    const forgers = ['203.0.113', '198.51.100', '192.0.2'].flatMap((network) =>
      Array.from({ length: 20 }, (_, host) => `${network}.${host + 1}`),
    );
    for (let days = 0; days < 7; days += 1) {
      for (const address of forgers)
        for (let load = 0; load < 3; load += 1) await pageLoad(canary, address, true);
      const judged = verdict();
      expect(judged.action, `day ${days}: ${judged.reason}`).toBe('keep');
      // 4 failing networks (3 forged, 1 real) pass the distinct check: the discounted networks hold.
      expect(judged.canary.distinct.failureNetworks).toBe(4);
      expect(judged.canary.distinct.failureClients).toBeGreaterThan(50);
      expect(judged.reason).toMatch(/without the 3 networks with the most failures \(\d+ of them\)/);
      now += day;
    }
    // Each network's daily share of 50, for 7 days: 1,050 forged failures against 120 real views.
    expect(verdict().canary.failures).toBe(1 + 3 * 50 * 7);
  });

  it('real failures from many networks over several days still abort a bad canary', async () => {
    await visitors(stable, 400, 4, 0);
    let aborted = -1;
    for (let days = 0; days < 4 && aborted < 0; days += 1) {
      // 40 new visitors a day, each in a network of its own; 12 of them see it fail.
      for (let index = 0; index < 40; index += 1)
        await pageLoad(canary, `100.${64 + days}.${index}.7`, index < 12);
      if (verdict().action === 'abort') aborted = days;
      now += day;
    }
    expect(aborted, verdict().reason).toBeGreaterThanOrEqual(0);
    expect(verdict().reason).toMatch(/exceeds the default version's/);
  });

  it('the same failures from one office’s network do not, however many days they come', async () => {
    await healthyCanary();
    for (let days = 0; days < 5; days += 1) {
      for (let index = 0; index < 60; index += 1) await pageLoad(canary, `192.0.2.${index + 1}`, index < 30);
      expect(verdict().action).toBe('keep');
      now += day;
    }
  });
});
