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
import { checkCanaries } from './check.ts';
import { startCanary } from './release-canary.ts';
import { ago, formatReleaseStatus, releaseStatus } from './status.ts';
import { writeSyntheticRecord } from './synthetic.ts';

let api: HealthApi;
let work: string;
let deploy: string;
let remove: () => void;

beforeAll(async () => {
  api = await startHealthApi();
}, 60_000);
afterAll(() => api?.stop());
beforeEach(() => {
  ({ work, deploy, remove } = makeDeploy());
  api.useDeploy(deploy);
});
afterEach(() => remove());

const releasedAt = (index: number) =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.[index]?.extras?.releasedAt ?? '';
const status = async (extra: NodeJS.ProcessEnv, now = new Date(), names = ['mf_marketing'] as const) =>
  formatReleaseStatus(
    await releaseStatus(deploy, names, { settings: loadChangeSettings({ ...env, ...extra }), now }),
    now,
  );
const release = () =>
  releaseBuild(deploy, 'mf_marketing', { buildDir: marketingBuild(work), settings: changeSettings }).version;
const canary = (percent = 10) =>
  startCanary(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    percent,
    settings: changeSettings,
  }).version;
const minutesAfter = (time: string, minutes: number) => new Date(Date.parse(time) + minutes * 60_000);

describe('the release status', () => {
  it('shows the live versions, their health since the canary started, the verdict and the last auto-abort', async () => {
    const stable = release();
    // A canary the check aborted, then the one live now.
    const bad = canary();
    await api.report('mf_marketing', bad, { view: 50, 'render-error': 50 });
    const [aborted] = await checkCanaries(deploy, { settings: loadChangeSettings({ ...env, ...api.env }) });
    const version = canary();
    await api.report('mf_marketing', stable, { view: 250, 'load-failure': 2, 'render-error': 1 });
    await api.report('mf_marketing', version, { view: 40, 'hydration-mismatch': 1 });

    const now = minutesAfter(releasedAt(1), 5);
    const lines = (await status(api.env, now)).split('\n');
    expect(lines.slice(0, -1)).toEqual([
      'mf-marketing',
      '  version              role    traffic  released',
      `  ${stable.padEnd(20)} default     90%  ${releasedAt(0)} (5 min ago)`,
      `  ${version.padEnd(20)} canary      10%  ${releasedAt(1)} (5 min ago)`,
      `  health since ${releasedAt(1)} (the canary's start):`,
      '    version              role      views  failures    rate  failures by kind',
      `    ${stable.padEnd(20)} default     250         3    1.2%  load-failure 2 (timeout 2), render-error 1`,
      `    ${version.padEnd(20)} canary       40         1    2.5%  hydration-mismatch 1`,
      '  canary check now: keep: waiting for 50 canary views (40 so far)',
      `  last automatic abort: ${bad} at ${lastAutomaticAbort(deploy, 'mf-marketing')?.at} (5 min ago), because:`,
    ]);
    expect(lines.at(-1)).toBe(`    ${aborted?.verdict.reason}`);
    expect(aborted?.verdict.reason).toMatch(/^failure rate 100\.0% \(50 of 50 views/);
  });

  it('shows a single version’s health since its release, and says what the check would do with a bad canary', async () => {
    const stable = release();
    await api.report('mf_marketing', stable, { view: 120 });
    const single = (await status(api.env, minutesAfter(releasedAt(0), 90))).split('\n');
    expect(single.slice(3)).toEqual([
      `  health since ${releasedAt(0)} (its release):`,
      '    version              role      views  failures    rate  failures by kind',
      `    ${stable.padEnd(20)} default     120         0    0.0%  no failures`,
      '  last automatic abort: none',
    ]);

    const version = canary(30);
    await api.report('mf_marketing', version, { view: 60, 'render-error': 40 });
    // The check has not run yet: the status judges, it does not abort.
    const text = await status(api.env, minutesAfter(releasedAt(1), 1));
    expect(text).toContain(`    ${version.padEnd(20)} canary       60        40   66.7%  render-error 40`);
    expect(text).toMatch(
      / {2}canary check now: abort \(the next canary check takes it out\): failure rate 66\.7%/,
    );
    expect(
      (await releaseStatus(deploy, ['mf_marketing'], { settings: loadChangeSettings(api.env) }))[0]?.versions,
    ).toHaveLength(2);
  });

  it('still shows the versions when the health cannot be read, saying why and naming the URL', async () => {
    const stable = release();
    const version = canary(25);
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const lines = (await status({ AGENCY_HEALTH_URL: nowhere })).split('\n');
    expect(lines).toEqual([
      'mf-marketing',
      '  version              role    traffic  released',
      `  ${stable.padEnd(20)} default     75%  ${releasedAt(0)} (0 min ago)`,
      `  ${version.padEnd(20)} canary      25%  ${releasedAt(1)} (0 min ago)`,
      `  health: unavailable: the enquiry API at ${nowhere}/remote-health did not answer (ECONNREFUSED)`,
      '  canary check now: cannot judge without the health; it aborts nothing until it can read it',
      '  last automatic abort: none',
    ]);

    // An API that asks for a key the status was not given.
    const keyed = await startHealthApi({ ENQUIRY_HEALTH_KEY: 'the-api-key-0123456789abcdef' });
    keyed.useDeploy(deploy);
    try {
      expect(await status(keyed.env)).toContain(
        `  health: unavailable: the enquiry API at ${keyed.url}/remote-health asks for a key (401): set ENQUIRY_HEALTH_KEY to the API's\n`,
      );
      expect(await status({ ...keyed.env, ENQUIRY_HEALTH_KEY: 'the-api-key-0123456789abcdef' })).toContain(
        '  health since',
      );
      // A URL where the API has no counts (a wrong path, or a proxy in between without a key).
      expect(await status({ AGENCY_HEALTH_URL: `${keyed.url}/elsewhere` })).toContain(
        `  health: unavailable: the enquiry API at ${keyed.url}/elsewhere/remote-health does not show the counts here (404)`,
      );
    } finally {
      await keyed.stop();
    }
  }, 60_000);

  it('covers every remote, one released before release times were kept, and cuts the period to the retention', async () => {
    const stable = release();
    const text = await status(api.env, minutesAfter(releasedAt(0), 40 * 24 * 60), [
      'mf_marketing',
      'mf_portfolio',
    ] as never);
    const [marketing, portfolio] = text.split('\n\n');
    expect(marketing?.split('\n')[2]).toBe(
      `  ${stable.padEnd(20)} default    100%  ${releasedAt(0)} (40 days ago)`,
    );
    expect(marketing?.split('\n')[3]).toBe(
      `  health since ${minutesAfter(releasedAt(0), 10 * 24 * 60).toISOString()} (the 30-day retention; its release was ${releasedAt(0)}):`,
    );
    expect(portfolio?.split('\n').slice(0, 4)).toEqual([
      'mf-portfolio',
      '  version              role    traffic  released',
      '  1.0.0-aaaaaaaa       default    100%  release time unknown',
      expect.stringMatching(/^ {2}health since \S+ \(the 30-day retention; its release is unknown\):$/),
    ]);
    // ENQUIRY_HEALTH_RETENTION_DAYS as the API reads it.
    expect(
      await status(
        { ...api.env, ENQUIRY_HEALTH_RETENTION_DAYS: '7' },
        minutesAfter(releasedAt(0), 8 * 24 * 60),
      ),
    ).toContain('(the 7-day retention; its release was');
    expect(
      formatReleaseStatus(
        await releaseStatus(deploy, undefined, { settings: loadChangeSettings(api.env) }),
      ).split('\n\n'),
    ).toHaveLength(3);
  });

  it("shows the release service's last synthetic visit of the canary live now, and none of another", async () => {
    release();
    const version = canary();
    const reason = "synthetic visits passed: / hydrated in the canary's bucket";
    await checkCanaries(deploy, {
      settings: loadChangeSettings({ ...env, ...api.env }),
      synthetic: async () => ({ state: 'passed', reason }),
    });
    const now = minutesAfter(releasedAt(1), 3);
    const line = (await status(api.env, now)).split('\n').find((text) => text.includes('synthetic visit'));
    expect(line).toMatch(new RegExp(`^  synthetic visit: passed at \\S+ \\(\\d+ min ago\\): ${reason}$`));
    expect(readRemoteMapDocument(deploy).microFrontends.mf_marketing?.[1]?.metadata.version).toBe(version);

    // A visit at another share (before a stage) is not this one's.
    const at = now.toISOString();
    writeSyntheticRecord(deploy, 'mf_marketing', { version, traffic: 5, at, state: 'passed', reason });
    expect(await status(api.env, now)).not.toContain('synthetic visit');
  });

  it('says so for a remote not released here', async () => {
    expect(await status({}, new Date())).toBe(
      'mf-marketing: not released here\n  last automatic abort: none',
    );
  });

  it('says how long ago in minutes, hours or days', () => {
    const now = new Date('2025-03-01T12:00:00.000Z');
    expect(ago('2025-03-01T11:58:30.000Z', now)).toBe('1 min ago');
    expect(ago('2025-03-01T10:01:00.000Z', now)).toBe('119 min ago');
    expect(ago('2025-03-01T09:00:00.000Z', now)).toBe('3 h ago');
    expect(ago('2025-02-25T12:00:00.000Z', now)).toBe('4 days ago');
  });
});
