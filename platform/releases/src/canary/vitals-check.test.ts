import { randomBytes } from 'node:crypto';
import { lastAutomaticAbort } from 'deploy-folder/release-log';
import { readRemoteMapDocument, updateRemoteMap } from 'deploy-folder/remote-map-file';
import { defaultEntry, withCanary } from 'deploy-model/canary/map';
import { canaryRulesFromEnv } from 'deploy-model/canary/rules';
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
  stable = releaseBuild(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    settings: changeSettings,
  }).version;
});
afterEach(() => remove());

const canary = () =>
  startCanary(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    percent: 10,
    settings: changeSettings,
  }).version;
const versions = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map((entry) => entry.metadata.version);
const check = () => checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...api.env }) });
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
      await releaseStatus(deploy, ['mf_marketing'], { settings: loadChangeSettings({ ...env, ...api.env }) }),
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

/** A canary of mf_portfolio beside its default (the deploy's 1.0.0-aaaaaaaa), written into the map as a release would. */
function portfolioCanary(percent: number): string {
  const version = `1.1.0-${randomBytes(4).toString('hex')}`;
  updateRemoteMap(deploy, (document) => {
    const stableEntry = defaultEntry(document, 'mf_portfolio');
    if (!stableEntry) throw new Error('no mf_portfolio default in the test deploy');
    return withCanary(
      document,
      'mf_portfolio',
      stableEntry,
      {
        url: `http://localhost:5002/${version}/mf-manifest.json`,
        metadata: { version, integrity: `sha384-${'A'.repeat(64)}` },
        deployment: { traffic: percent, default: false },
        extras: { releasedAt: new Date().toISOString() },
      },
      percent,
    );
  });
  return version;
}

describe('the canary check on Web Vitals, with overlapping canaries and forged routes', () => {
  it('judges one remote’s canary apart from another’s on the same page: only the slow one is worse', async () => {
    const marketing = canary();
    const portfolioStable = defaultEntry(readRemoteMapDocument(deploy), 'mf_portfolio')?.metadata.version;
    const portfolio = portfolioCanary(10);
    if (!portfolioStable) throw new Error('no mf_portfolio default');
    const page = (m: string, p: string) => [
      { remote: 'mf_marketing', version: m },
      { remote: 'mf_portfolio', version: p },
    ];
    // The home page has slots of both. Both canaries take buckets 0–9: their visitors are the same, and
    // mf_portfolio's canary blocks the main thread there. Everyone else has both defaults, and is fast.
    await api.reportVitals(page(stable, portfolioStable), '/', inp(90, 40));
    await api.reportVitals(page(marketing, portfolio), '/', inp(420, 40));
    // mf_portfolio's own page: its canary slow there too.
    await api.reportVitals([{ remote: 'mf_portfolio', version: portfolioStable }], '/portfolio', inp(90, 40));
    await api.reportVitals([{ remote: 'mf_portfolio', version: portfolio }], '/portfolio', inp(420, 40));

    const results = await checkCanaries(deploy, {
      settings: loadChangeSettings({ ...env, ...api.env }),
      judgeOnly: true,
    });
    const of = (remote: string) => results.find((result) => result.remote === remote);
    expect(of('mf_portfolio')?.vitals).toMatchObject({ action: 'abort' });
    expect(of('mf_portfolio')?.vitals.reason).toContain('on /portfolio');
    expect(of('mf_marketing')?.vitals.action).not.toBe('abort');
    expect(of('mf_marketing')?.verdict.action).toBe('keep');
  });

  /** Rules under which a few networks are enough to pass the discount: what the per-route counts must then stop. */
  const lenient = () => ({
    settings: loadChangeSettings({ ...env, ...api.env }),
    rules: { ...canaryRulesFromEnv(env), minClients: 10, minNetworks: 4, discountedNetworks: 1 },
  });
  /** `count` reports from `networks` /24 networks, a client of its own each. */
  const fromNetworks = (networks: number) => (load: number) =>
    `10.250.${load % networks}.${10 + Math.floor(load / networks)}`;

  it('never aborts on a route the deployed shell has not, however many networks the forger holds', async () => {
    const version = canary();
    // Real visitors of both versions on the home page, as fast as each other.
    await api.reportVitals(on(stable), '/', inp(90, 40));
    await api.reportVitals(on(version), '/', inp(95, 40));
    // A made-up path nobody visits: fast for the default, slow for the canary, from 5 networks.
    await api.reportVitals(on(stable), '/zz', inp(90, 40), fromNetworks(5));
    await api.reportVitals(on(version), '/zz', inp(2000, 175), fromNetworks(5));

    const [result] = await checkCanaries(deploy, lenient());
    expect(result).toMatchObject({ aborted: false, verdict: { action: 'keep' }, vitals: { action: 'keep' } });
    expect(result?.vitals.comparisons.map(({ route }) => route)).not.toContain('/zz');
    expect(versions()).toEqual([stable, version]);
  });

  it('counts the clients and networks of the route judged: a route slow only from 2 networks is held', async () => {
    const version = canary();
    // Many real visitors on the home page (distinct clients and networks of the canary's whole version)…
    await api.reportVitals(on(stable), '/', inp(90, 40));
    await api.reportVitals(on(version), '/', inp(95, 40));
    // …and the about page slow for the canary only in the reports of 2 networks.
    await api.reportVitals(on(stable), '/about', inp(90, 40));
    await api.reportVitals(on(version), '/about', inp(2000, 70), fromNetworks(2));

    const [result] = await checkCanaries(deploy, lenient());
    expect(result).toMatchObject({ aborted: false, vitals: { action: 'hold' } });
    expect(result?.vitals.reason).toContain('on /about');
    expect(result?.vitals.reason).toMatch(/from \d+ clients in 2 networks/);
    expect(versions()).toEqual([stable, version]);
  });
});
