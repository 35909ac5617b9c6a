import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  changeSettings,
  env,
  type HealthApi,
  makeDeploy,
  marketingBuild,
  startHealthApi,
} from '../../testing/fixtures.ts';
import { releaseBuild } from '../changes/release.ts';
import { checkCanaries } from './check.ts';
import { healthReader } from './health.ts';
import { startCanary } from './release-canary.ts';

/**
 * The three forgeries of issue 29 replayed against the real enquiry API on loopback, and the canary check
 * reading its counts over HTTP: one beacon of 24 × 50 load failures, 25 beacons of views (and many more), one
 * client writing 2,880 rows in one second. None changes the verdict the real visitors' counts give; real
 * failures from many visitors still abort a bad canary.
 */
let api: HealthApi;
let deploy: string;
let remove: () => void;
let stable: string;
let version: string;

beforeAll(async () => {
  api = await startHealthApi();
}, 60_000);
afterAll(() => api?.stop());
beforeEach(() => {
  let work: string;
  ({ work, deploy, remove } = makeDeploy());
  api.useDeploy(deploy);
  stable = releaseBuild(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    settings: changeSettings,
  }).version;
  version = startCanary(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    percent: 10,
    settings: changeSettings,
  }).version;
});
afterEach(() => remove());

/** The canary check judging only (as `pnpm release status` does), then for real. */
const judge = async () => {
  const [check] = await checkCanaries(deploy, {
    settings: loadChangeSettings({ ...env, ...api.env }),
    judgeOnly: true,
  });
  return check?.verdict;
};
const live = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map((entry) => entry.metadata.version);
const attacker = '203.0.113.66';
const forgedPageLoad = (index: number) => `forged-page-load-${index}-${Date.now()}`;
const event = (kind: string, count: number, extra: Record<string, unknown> = {}) => ({
  remote: 'mf_marketing',
  version,
  kind,
  count,
  ...extra,
});
/** The canary's counts as the API sums them. */
const canaryCounts = async () => {
  const report = await healthReader({ url: api.url })({
    since: new Date(Date.now() - 3_600_000),
    source: loadChangeSettings({}).health,
  });
  const of = (kind: string) =>
    report.counts
      .filter((row) => row.version === version && row.kind === kind)
      .reduce((sum, row) => sum + row.count, 0);
  return { views: of('view'), failures: of('load-failure') + of('render-error') };
};

describe('the forgeries of issue 29, replayed', () => {
  it('one beacon of 24 × 50 load failures does not abort a healthy canary', async () => {
    await api.report('mf_marketing', stable, { view: 300, 'render-error': 3 });
    await api.report('mf_marketing', version, { view: 60, 'render-error': 1 });
    const before = await judge();
    expect(before?.action).toBe('keep');

    const reasons = ['network', 'timeout', 'incompatible', 'integrity'];
    const failures = Array.from({ length: 24 }, (_, index) =>
      event('load-failure', 50, { reason: reasons[index % 4] }),
    );
    // As it was sent then (no page-load id): refused, nothing stored.
    expect(await api.beacon({ events: failures }, attacker)).toBe(400);
    expect(await canaryCounts()).toEqual({ views: 60, failures: 1 });
    // With an id: one page load's one load failure. Then 200 more page loads from the same client.
    expect(await api.beacon({ events: failures, pageLoad: forgedPageLoad(0) }, attacker)).toBe(204);
    expect(await canaryCounts()).toEqual({ views: 60, failures: 2 });
    for (let load = 1; load <= 200; load += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, offset) =>
          api.beacon({ events: failures, pageLoad: forgedPageLoad(load + offset) }, attacker),
        ),
      );
    // The client's daily share (10 page loads) and no more: 1,200 failures were 50,000 before.
    expect(await canaryCounts()).toEqual({ views: 60, failures: 11 });
    const after = await judge();
    expect(after?.action).toBe('keep');
    // The rate alone would now call it worse; the failures' single client does not make a verdict.
    expect(after?.reason).toMatch(/its failures from 2 clients in 2 networks: an abort needs/);
    expect(
      (await checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...api.env }) }))[0]?.aborted,
    ).toBe(false);
    expect(live()).toEqual([stable, version]);
  }, 60_000);

  it('25 beacons of views, or thousands from one network, do not keep a canary with 1,200 real failures live', async () => {
    await api.report('mf_marketing', stable, { view: 400, 'render-error': 4 });
    await api.report('mf_marketing', version, { view: 1300, 'render-error': 1200 });
    const before = await judge();
    expect(before?.action).toBe('abort');

    const views = Array.from({ length: 24 }, () => event('view', 50));
    for (let beacon = 0; beacon < 25; beacon += 1)
      expect(await api.beacon({ events: views, pageLoad: forgedPageLoad(beacon) }, attacker)).toBe(204);
    // 30,000 views before; now the client's share of 10.
    expect(await canaryCounts()).toEqual({ views: 1310, failures: 1200 });
    // 2,000 page loads from every address of one /24: the network's share of 50.
    for (let load = 0; load < 2000; load += 100)
      await Promise.all(
        Array.from({ length: 100 }, (_, offset) =>
          api.beacon(
            { events: views, pageLoad: forgedPageLoad(1000 + load + offset) },
            `198.51.100.${(load + offset) % 250}`,
          ),
        ),
      );
    expect(await canaryCounts()).toEqual({ views: 1360, failures: 1200 });
    expect((await judge())?.action).toBe('abort');
    const [check] = await checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...api.env }) });
    expect(check?.aborted).toBe(true);
    expect(live()).toEqual([stable]);
  }, 120_000);

  it('one client sending 120 beacons of 24 events in one second neither writes rows nor moves the verdict', async () => {
    await api.report('mf_marketing', stable, { view: 300, 'render-error': 3 });
    await api.report('mf_marketing', version, { view: 60, 'render-error': 1 });
    const before = await judge();
    const reportBefore = await healthReader({ url: api.url })({
      since: new Date(Date.now() - 3_600_000),
      source: loadChangeSettings({}).health,
    });

    // As then: 24 versions of their own per beacon, each of which made a row.
    const forged = (beacon: number) =>
      Array.from({ length: 24 }, (_, index) => ({ ...event('view', 50), version: `9.${beacon}.${index}` }));
    const statuses = await Promise.all(
      Array.from({ length: 120 }, (_, beacon) =>
        api.beacon({ events: forged(beacon), pageLoad: forgedPageLoad(beacon) }, attacker),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([400]));
    const reportAfter = await healthReader({ url: api.url })({
      since: new Date(Date.now() - 3_600_000),
      source: loadChangeSettings({}).health,
    });
    expect(reportAfter.counts).toEqual(reportBefore.counts);
    expect(reportAfter.visitors).toEqual(reportBefore.visitors);
    expect(await judge()).toEqual(before);
  }, 60_000);

  it('real failures from many distinct visitors still abort a bad canary', async () => {
    await api.report('mf_marketing', stable, { view: 300, 'render-error': 3 });
    // 80 visitors in 80 networks, 30 of whom see it fail.
    await api.report('mf_marketing', version, { view: 80, 'render-error': 30 });
    const [check] = await checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...api.env }) });
    expect(check).toMatchObject({ aborted: true, verdict: { action: 'abort' } });
    expect(live()).toEqual([stable]);
  }, 60_000);

  it('the same failures from one network of visitors do not', async () => {
    await api.report('mf_marketing', stable, { view: 300, 'render-error': 3 });
    // 80 visitors of one office (one /24): views and failures from one network.
    await api.report(
      'mf_marketing',
      version,
      { view: 80, 'render-error': 30 },
      (load) => `192.0.2.${load + 1}`,
    );
    // The network's share caps its page loads at 50 a day.
    expect(await canaryCounts()).toEqual({ views: 50, failures: 30 });
    const [check] = await checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...api.env }) });
    expect(check?.aborted).toBe(false);
    expect(check?.verdict.reason).toMatch(/its views come from 50 clients in 1 network/);
    expect(live()).toEqual([stable, version]);
  }, 60_000);
});
