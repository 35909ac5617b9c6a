import { lastAutomaticAbort } from 'deploy-folder/release-log';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  changeSettings,
  env,
  freePort,
  type HealthApi,
  makeDeploy,
  marketingBuild,
  startHealthApi,
} from '../../testing/fixtures.ts';
import { releaseBuild } from '../changes/release.ts';
import { checkCanaries, describeCheck } from './check.ts';
import { HealthUnavailableError, type ReadHealth } from './health.ts';
import { startCanary } from './release-canary.ts';

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
  api.useDeploy(deploy);
  stable = releaseBuild(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    settings: changeSettings,
  }).version;
});
afterEach(() => remove());

const canary = (percent = 10) =>
  startCanary(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    percent,
    settings: changeSettings,
  }).version;
const versions = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map((entry) => entry.metadata.version);
/** The real path: GET /remote-health of the API at AGENCY_HEALTH_URL, the rules from the same environment. */
const check = (extra: NodeJS.ProcessEnv = {}) =>
  checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...api.env, ...extra }) });

describe('checkCanaries, from the counts the enquiry API stored', () => {
  it('aborts a canary clearly worse than the default version, recording the verdict as the reason', async () => {
    const version = canary();
    await api.report('mf_marketing', stable, { view: 300, 'render-error': 3 });
    await api.report('mf_marketing', version, { view: 60, 'render-error': 20, 'load-failure': 10 });

    const [result, ...others] = await check();
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
    expect(await check()).toEqual([
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
    expect((await check()).map(({ verdict, aborted }) => [verdict, aborted])).toEqual([
      [{ action: 'keep', reason: 'waiting for 50 canary views (10 so far)' }, false],
    ]);
    expect(versions()).toEqual([stable, version]);

    // An operator (or the e2e suite) lowers the threshold: the same counts are now enough.
    expect(await check({ AGENCY_CANARY_MIN_VIEWS: '5' })).toEqual([
      expect.objectContaining({ aborted: true }),
    ]);
    expect(versions()).toEqual([stable]);
  });

  it('aborts a canary whose synthetic visits failed with no real view at all, and keeps one whose visits passed', async () => {
    const version = canary();
    const failed = 'synthetic visits failed: / shows the fallback for mf_marketing/Hero (render)';
    const [kept] = await checkCanaries(deploy, {
      settings: loadChangeSettings({ ...env, ...api.env }),
      synthetic: async () => ({ state: 'passed', reason: 'synthetic visits passed: / hydrated' }),
    });
    expect(kept).toMatchObject({
      aborted: false,
      verdict: { action: 'keep' },
      synthetic: { state: 'passed' },
    });
    expect(describeCheck(kept as NonNullable<typeof kept>)).toMatch(
      /: waiting for 50 canary views \(0 so far\); synthetic visits passed: \/ hydrated$/,
    );
    const seen: string[] = [];
    const [result] = await checkCanaries(deploy, {
      settings: loadChangeSettings({ ...env, ...api.env }),
      synthetic: async (target) => {
        seen.push(`${target.remote} ${target.version}`);
        return { state: 'failed', reason: failed };
      },
    });
    expect(seen).toEqual([`mf_marketing ${version}`]);
    expect(result).toMatchObject({ aborted: true, verdict: { action: 'abort', reason: failed } });
    expect(versions()).toEqual([stable]);
    expect(lastAutomaticAbort(deploy, 'mf-marketing')).toMatchObject({ version, reason: failed });
  });

  it('does not visit a canary its real visitors judged clearly worse: it goes at once, on their verdict', async () => {
    const version = canary();
    await api.report('mf_marketing', stable, { view: 300 });
    await api.report('mf_marketing', version, { view: 60, 'render-error': 30 });
    const visited: string[] = [];
    const [result] = await checkCanaries(deploy, {
      settings: loadChangeSettings({ ...env, ...api.env }),
      synthetic: async (target) => {
        visited.push(target.version);
        return { state: 'passed', reason: 'synthetic visits passed' };
      },
    });
    expect(visited).toEqual([]);
    expect(result).toMatchObject({
      aborted: true,
      verdict: { reason: expect.stringMatching(/^failure rate 50\.0%/) },
    });
    expect(result?.synthetic).toBeUndefined();
  });
});

describe('checkCanaries, around the counts', () => {
  const rowsFor =
    (seen: Date[]): ReadHealth =>
    async (query) => {
      seen.push(query.since);
      return { since: query.since.toISOString(), counts: [], visitors: [] };
    };

  it('reads the counts since the canary started, and reads nothing without a canary', async () => {
    const seen: Date[] = [];
    expect(await checkCanaries(deploy, { settings: changeSettings, readHealth: rowsFor(seen) })).toEqual([]);
    expect(seen).toEqual([]);
    // Without a canary there is nothing to read, so an API that does not answer is no error.
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    expect(
      await checkCanaries(deploy, { settings: loadChangeSettings({ AGENCY_HEALTH_URL: nowhere }) }),
    ).toEqual([]);

    const now = new Date('2025-03-01T10:30:00.000Z');
    startCanary(deploy, 'mf_marketing', {
      buildDir: marketingBuild(work),
      percent: 10,
      settings: changeSettings,
      now: new Date('2025-03-01T10:00:00.000Z'),
    });
    await checkCanaries(deploy, { settings: changeSettings, now, readHealth: rowsFor(seen) });
    expect(seen).toEqual([new Date('2025-03-01T10:00:00.000Z')]);
  });

  it('judges nothing and aborts nothing when the API does not answer, and says so naming the URL', async () => {
    const version = canary();
    // Counts that would abort it, were they read.
    await api.report('mf_marketing', version, { view: 60, 'render-error': 60 });
    const port = await freePort();
    const failed = checkCanaries(deploy, {
      settings: loadChangeSettings({ ...env, AGENCY_HEALTH_URL: `http://127.0.0.1:${port}` }),
    });
    await expect(failed).rejects.toThrow(HealthUnavailableError);
    await expect(failed).rejects.toThrow(
      `The canary check judged nothing and aborted nothing: health is unavailable: the enquiry API at http://127.0.0.1:${port}/remote-health did not answer (ECONNREFUSED).`,
    );
    expect(versions()).toEqual([stable, version]);
    expect(lastAutomaticAbort(deploy, 'mf-marketing')).toBeUndefined();
  });

  it('judges nothing when the API refuses the read (a key it does not take)', async () => {
    const keyed = await startHealthApi({ ENQUIRY_HEALTH_KEY: 'the-api-key-0123456789abcdef' });
    keyed.useDeploy(deploy);
    try {
      const version = canary();
      await keyed.report('mf_marketing', version, { view: 60, 'render-error': 60 });
      const withKey = (key: string) => ({ ...env, ...keyed.env, ENQUIRY_HEALTH_KEY: key });
      await expect(
        checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...keyed.env }) }),
      ).rejects.toThrow(
        `health is unavailable: the enquiry API at ${keyed.url}/remote-health asks for a key (401): set ENQUIRY_HEALTH_KEY to the API's.`,
      );
      await expect(
        checkCanaries(deploy, { settings: loadChangeSettings(withKey('another-key-0123456789abcdef')) }),
      ).rejects.toThrow(
        `the enquiry API at ${keyed.url}/remote-health refused the key (401): ENQUIRY_HEALTH_KEY must be the one the API has.`,
      );
      expect(versions()).toEqual([stable, version]);
      // The key the API has: the counts are read, and the canary judged.
      expect(
        await checkCanaries(deploy, {
          settings: loadChangeSettings(withKey('the-api-key-0123456789abcdef')),
        }),
      ).toEqual([expect.objectContaining({ canary: version, aborted: true })]);
    } finally {
      await keyed.stop();
    }
  }, 60_000);

  it('never meets a bad rule: the settings refuse it where the entry parses them, naming it', () => {
    canary();
    expect(() => loadChangeSettings({ ...api.env, AGENCY_CANARY_MAX_EXCESS_POINTS: 'lots' })).toThrow(
      'AGENCY_CANARY_MAX_EXCESS_POINTS must be a number from 0 to 100, got "lots"',
    );
  });
});
