import { lastAutomaticAbort } from 'deploy-folder/release-log';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { env, type HealthApi, makeDeploy, marketingBuild, startHealthApi } from '../../testing/fixtures.ts';
import { releaseBuild } from '../changes/release.ts';
import { checkCanaries, describeCheck } from './check.ts';
import { startCanary } from './release-canary.ts';
import { formatReleaseStatus, releaseStatus } from './status.ts';

/**
 * The canary check on real visitors' Web Vitals, read from the enquiry API's process as POST /vitals stored
 * them: a canary whose INP is clearly worse than the default version's on the same route is aborted, one as fast
 * is kept, one slow only through a few networks (forged reports) is held, not aborted; the status shows the p75s.
 */
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
  stable = releaseBuild(deploy, 'mf_marketing', { buildDir: marketingBuild(work), env }).version;
});
afterEach(() => remove());

const canary = () =>
  startCanary(deploy, 'mf_marketing', { buildDir: marketingBuild(work), percent: 10, env }).version;
const versions = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map((entry) => entry.metadata.version);
const check = () => checkCanaries(deploy, { env: { ...env, ...api.env } });
const on = (version: string) => [{ remote: 'mf_marketing', version }];
/** `count` page loads with INP around `ms` (±10%), each from a visitor of its own. */
const inp = (ms: number, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    INP: Math.round(ms * (0.9 + (index % 5) * 0.05)),
    CLS: 0.01,
  }));

describe('the canary check on Web Vitals', () => {
  it('aborts a canary whose INP is clearly worse than the default version’s on the same route', async () => {
    const version = canary();
    await api.report('mf_marketing', stable, { view: 200 });
    await api.report('mf_marketing', version, { view: 60 });
    await api.reportVitals(on(stable), '/', inp(90, 40));
    await api.reportVitals(on(version), '/', inp(420, 40));

    const [result] = await check();
    expect(result).toMatchObject({
      aborted: true,
      verdict: { action: 'abort' },
      vitals: { action: 'abort' },
    });
    expect(result?.verdict.reason).toMatch(
      /^Web Vitals: INP p75 \d+ ms on \/ \(40 samples, at least \d+ ms allowing for chance\) is clearly worse than the default version's \d+ ms/,
    );
    expect(versions()).toEqual([stable]);
    expect(lastAutomaticAbort(deploy, 'mf-marketing')).toMatchObject({
      version,
      reason: result?.verdict.reason,
    });
  });

  it('keeps a canary as fast as the default version, and the status shows both cohorts’ p75s', async () => {
    const version = canary();
    await api.report('mf_marketing', stable, { view: 200 });
    await api.report('mf_marketing', version, { view: 60 });
    await api.reportVitals(on(stable), '/', inp(90, 40));
    await api.reportVitals(on(version), '/', inp(100, 40));

    const [result] = await check();
    expect(result).toMatchObject({ aborted: false, verdict: { action: 'keep' }, vitals: { action: 'keep' } });
    expect(result?.vitals.reason).toMatch(
      /^Web Vitals within the default version's: CLS p75 0\.010 on \/, INP p75 \d+ ms on \/$/,
    );
    expect(versions()).toEqual([stable, version]);

    const text = formatReleaseStatus(
      await releaseStatus(deploy, ['mf_marketing'], { env: { ...env, ...api.env } }),
    );
    expect(text).toContain('Web Vitals, p75 (samples), same period:');
    expect(text).toMatch(
      new RegExp(`${stable}\\s+default\\s+/\\s+–\\s+\\d+ ms \\(40\\)\\s+0\\.010 \\(40\\)`),
    );
    expect(text).toMatch(new RegExp(`${version}\\s+canary\\s+/\\s+–\\s+\\d+ ms \\(40\\)`));
  });

  it('holds, never aborts, a canary slow only in the reports of a few networks (forged), and says so', async () => {
    const version = canary();
    await api.report('mf_marketing', stable, { view: 200 });
    await api.report('mf_marketing', version, { view: 60 });
    await api.reportVitals(on(stable), '/', inp(90, 40));
    // 30 fast reports from visitors of their own, and 30 slow ones from 3 networks of 10 clients each.
    await api.reportVitals(on(version), '/', inp(95, 30));
    await api.reportVitals(on(version), '/', inp(2000, 30), (load) => `10.250.${load % 3}.${10 + load}`);

    const [result] = await check();
    expect(result).toMatchObject({ aborted: false, vitals: { action: 'hold' } });
    expect(result?.vitals.reason).toContain('not without the 3 networks that sent the most');
    expect(describeCheck(result as NonNullable<typeof result>)).toContain('; held on Web Vitals: INP p75');
    expect(versions()).toEqual([stable, version]);
  });
});
