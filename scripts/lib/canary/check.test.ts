import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { releaseBuild } from '../release.ts';
import { lastAutomaticAbort } from '../release-log.ts';
import { readRemoteMapDocument } from '../remote-map-file.ts';
import { checkCanaries, describeCheck } from './check.ts';
import type { ReadHealth } from './health.ts';
import { startCanary } from './release-canary.ts';
import { env, type HealthApi, makeDeploy, marketingBuild, startHealthApi } from './test-fixtures.ts';

let api: HealthApi;
let work: string;
let deploy: string;
let remove: () => void;
let stable: string;

beforeAll(async () => {
  api = await startHealthApi();
}, 60_000);
afterAll(() => api?.stop());

beforeEach(() => {
  ({ work, deploy, remove } = makeDeploy());
  stable = releaseBuild(deploy, 'mf_marketing', { buildDir: marketingBuild(work), env }).version;
});
afterEach(() => remove());

const canary = (percent = 10) =>
  startCanary(deploy, 'mf_marketing', { buildDir: marketingBuild(work), percent, env }).version;
const versions = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map((entry) => entry.metadata.version);
/** The real path: the API's database in ENQUIRY_DATA_DIR, the rules from the same environment. */
const check = (extra: NodeJS.ProcessEnv = {}) =>
  checkCanaries(deploy, { env: { ...env, ...api.env, ...extra } });

describe('checkCanaries, from the counts the enquiry API stored', () => {
  it('aborts a canary clearly worse than the default version, recording the verdict as the reason', async () => {
    const version = canary();
    await api.report('mf_marketing', stable, { view: 300, 'render-error': 3 });
    await api.report('mf_marketing', version, { view: 60, 'render-error': 20, 'load-failure': 10 });

    const [result, ...others] = check();
    expect(others).toEqual([]);
    expect(result).toMatchObject({
      remote: 'mf_marketing',
      canary: version,
      defaultVersion: stable,
      percent: 10,
      aborted: true,
      verdict: { action: 'abort' },
    });
    expect(result?.verdict.reason).toMatch(
      /^failure rate 50\.0% \(30 of 60 views, at least .* exceeds the default version's 1\.0% \(3 of 300 views\) by more than 5 points$/,
    );
    expect(versions()).toEqual([stable]);
    expect(lastAutomaticAbort(deploy, 'mf-marketing')).toMatchObject({
      action: 'abort',
      version,
      by: 'automatic',
      defaultVersion: stable,
      reason: result?.verdict.reason,
    });
    expect(describeCheck(result as NonNullable<typeof result>)).toBe(
      `Canary aborted: mf-marketing ${version} (10%) is out, ${stable} serves everyone again: ${result?.verdict.reason}`,
    );
  });

  it('keeps a canary about as healthy as the default version', async () => {
    const version = canary(20);
    await api.report('mf_marketing', stable, { view: 300, 'hydration-mismatch': 3 });
    await api.report('mf_marketing', version, { view: 60, 'hydration-mismatch': 1 });
    expect(check()).toEqual([
      expect.objectContaining({
        canary: version,
        aborted: false,
        verdict: {
          action: 'keep',
          reason:
            "failure rate 1.7% (1 of 60 views) vs the default version's 1.0% (3 of 300 views): within 5 points",
        },
      }),
    ]);
    expect(versions()).toEqual([stable, version]);
    expect(lastAutomaticAbort(deploy, 'mf-marketing')).toBeUndefined();
  });

  it('keeps a failing canary while it has too few views to judge, unless the rules ask for fewer', async () => {
    const version = canary();
    await api.report('mf_marketing', stable, { view: 300 });
    await api.report('mf_marketing', version, { view: 10, 'render-error': 10 });
    expect(check().map(({ verdict, aborted }) => [verdict, aborted])).toEqual([
      [{ action: 'keep', reason: 'waiting for 50 canary views (10 so far)' }, false],
    ]);
    expect(versions()).toEqual([stable, version]);

    // An operator (or the e2e suite) lowers the threshold: the same counts are now enough.
    expect(check({ AGENCY_CANARY_MIN_VIEWS: '5' })).toEqual([expect.objectContaining({ aborted: true })]);
    expect(versions()).toEqual([stable]);
  });
});

describe('checkCanaries, around the counts', () => {
  const rowsFor =
    (seen: Date[]): ReadHealth =>
    (query) => {
      seen.push(query.since);
      return [];
    };

  it('reads the counts since the canary started, and reads nothing without a canary', () => {
    const seen: Date[] = [];
    expect(checkCanaries(deploy, { env, readHealth: rowsFor(seen) })).toEqual([]);
    expect(seen).toEqual([]);
    // Without a canary there is nothing to read, so a missing database is no error.
    expect(checkCanaries(deploy, { env: { ENQUIRY_DATA_DIR: `${work}/nowhere` } })).toEqual([]);

    const now = new Date('2025-03-01T10:30:00.000Z');
    startCanary(deploy, 'mf_marketing', {
      buildDir: marketingBuild(work),
      percent: 10,
      env,
      now: new Date('2025-03-01T10:00:00.000Z'),
    });
    checkCanaries(deploy, { env, now, readHealth: rowsFor(seen) });
    expect(seen).toEqual([new Date('2025-03-01T10:00:00.000Z')]);
  });

  it('throws what stops it (no database, a bad rule), for the watcher to log', () => {
    canary();
    expect(() => checkCanaries(deploy, { env: { ...env, ENQUIRY_DATA_DIR: `${work}/nowhere` } })).toThrow(
      /No enquiries database at .*nowhere/,
    );
    expect(() => checkCanaries(deploy, { env: { AGENCY_CANARY_MAX_EXCESS_POINTS: 'lots' } })).toThrow(
      'AGENCY_CANARY_MAX_EXCESS_POINTS must be a number from 0 to 100, got "lots"',
    );
  });
});
