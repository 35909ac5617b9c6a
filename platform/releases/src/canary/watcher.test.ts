import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { loadChangeSettings } from 'deploy-model/change-settings';
import type { RemoteHealthCount } from 'shared-content/enquiry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeSettings, env, makeDeploy, marketingBuild } from '../../testing/fixtures.ts';
import { releaseBuild } from '../changes/release.ts';
import { HealthUnavailableError, type ReadHealth } from './health.ts';
import { startCanary } from './release-canary.ts';
import { watchCanaries } from './watcher.ts';

let work: string;
let deploy: string;
let remove: () => void;
let stable: string;
let version: string;
let lines: string[];
const log = {
  info: (line: string) => lines.push(`info: ${line}`),
  error: (line: string) => lines.push(`error: ${line}`),
};

const count = (
  remote: string,
  of: string,
  kind: RemoteHealthCount['kind'],
  total: number,
): RemoteHealthCount => ({
  remote,
  version: of,
  kind,
  reason: null,
  count: total,
  firstMinute: '2025-03-01T10:00:00.000Z',
  lastMinute: '2025-03-01T10:00:00.000Z',
});
/** Counts from many visitors: every view from a client and a network of its own, and every failure. */
const reportOf = (counts: RemoteHealthCount[]) => ({
  since: '2025-03-01T10:00:00.000Z',
  counts,
  visitors: [stable, version].map((of) => ({
    remote: 'mf_marketing',
    version: of,
    viewClients: 100,
    viewNetworks: 100,
    failureClients: 50,
    failureNetworks: 50,
  })),
});
/** Counts as GET /remote-health answers them: a canary failing half its views, a healthy default version. */
const failingCanary: ReadHealth = async () =>
  reportOf([
    count('mf_marketing', stable, 'view', 500),
    count('mf_marketing', version, 'view', 100),
    count('mf_marketing', version, 'render-error', 50),
  ]);
const noCounts: ReadHealth = async () => reportOf([]);
const marketing = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map((entry) => entry.metadata.version);
const settings = loadChangeSettings({ ...env, AGENCY_CANARY_CHECK_SECONDS: '30' });

beforeEach(() => {
  ({ work, deploy, remove } = makeDeploy());
  stable = releaseBuild(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    settings: changeSettings,
  }).version;
  version = startCanary(deploy, 'mf_marketing', {
    buildDir: marketingBuild(work),
    percent: 10,
    settings: changeSettings,
  }).version;
  lines = [];
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  remove();
});

describe('the canary watcher', () => {
  it('checks every interval and logs one line when it aborts a canary', async () => {
    vi.useFakeTimers();
    const watcher = watchCanaries(deploy, { settings, readHealth: failingCanary, log });
    await vi.advanceTimersByTimeAsync(29_000);
    expect(marketing()).toEqual([stable, version]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(marketing()).toEqual([stable]);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^info: Canary aborted: mf-marketing ${version} \\(10%\\) is out, ${stable} serves everyone again: failure rate 50\\.0%`,
        ),
      ),
    ]);
    // Nothing to say while there is no canary.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(lines).toHaveLength(1);
    watcher.stop();
  });

  it('with an abort delegated, judges here and hands the canary judged worse over, leaving the map as it is', async () => {
    const delegateAbort = vi.fn();
    const watcher = watchCanaries(deploy, { settings, readHealth: failingCanary, log, delegateAbort });
    await watcher.check();
    expect(marketing()).toEqual([stable, version]);
    expect(delegateAbort).toHaveBeenCalledWith([
      expect.objectContaining({ remote: 'mf_marketing', canary: version, aborted: false }),
    ]);
    expect(lines).toEqual([]);
    // A canary that is kept is nobody's to abort.
    delegateAbort.mockClear();
    await watchCanaries(deploy, { settings, readHealth: noCounts, log, delegateAbort }).check();
    expect(delegateAbort).not.toHaveBeenCalled();
    watcher.stop();
  });

  it('says nothing while it keeps a canary', async () => {
    const watcher = watchCanaries(deploy, { settings, readHealth: noCounts, log });
    expect(await watcher.check()).toEqual([expect.objectContaining({ aborted: false })]);
    expect(lines).toEqual([]);
    watcher.stop();
  });

  it('logs a failed check instead of throwing, the same error once, and again after a check that worked', async () => {
    let broken = true;
    const readHealth: ReadHealth = async () => {
      if (broken)
        throw new HealthUnavailableError(
          'the enquiry API at http://127.0.0.1:9/remote-health did not answer',
        );
      return reportOf([]);
    };
    const watcher = watchCanaries(deploy, { settings, readHealth, log });
    expect(await watcher.check()).toEqual([]);
    expect(await watcher.check()).toEqual([]);
    broken = false;
    await watcher.check();
    broken = true;
    await watcher.check();
    const error =
      'error: Canary check failed: The canary check judged nothing and aborted nothing: health is unavailable: ' +
      'the enquiry API at http://127.0.0.1:9/remote-health did not answer.';
    expect(lines).toEqual([error, error]);
    expect(marketing()).toEqual([stable, version]);
    watcher.stop();
  });

  it('runs one check at a time: a tick while the health is still being read is skipped', async () => {
    let release: () => void = () => undefined;
    let reads = 0;
    const slow: ReadHealth = async () => {
      reads += 1;
      await new Promise<void>((done) => {
        release = done;
      });
      return reportOf([]);
    };
    const watcher = watchCanaries(deploy, { settings, readHealth: slow, log });
    const first = watcher.check();
    expect(await watcher.check()).toEqual([]);
    expect(reads).toBe(1);
    release();
    expect(await first).toEqual([expect.objectContaining({ aborted: false })]);
    watcher.stop();
  });

  it('does not keep the process alive, unless asked to (the foreground pnpm release watch)', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    watchCanaries(deploy, { settings, readHealth: noCounts, log }).stop();
    watchCanaries(deploy, { settings, readHealth: noCounts, log, keepAlive: true }).stop();
    const [server, foreground] = setInterval.mock.results.map(({ value }) => value as NodeJS.Timeout);
    expect(server?.hasRef()).toBe(false);
    expect(foreground?.hasRef()).toBe(true);
  });

  it('has no timer with AGENCY_CANARY_CHECK_SECONDS=0, and refuses bad settings naming the variable', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const off = loadChangeSettings({ ...env, AGENCY_CANARY_CHECK_SECONDS: '0' });
    watchCanaries(deploy, { settings: off, readHealth: failingCanary, log }).stop();
    expect(setInterval).not.toHaveBeenCalled();
    expect(() => loadChangeSettings({ ...env, AGENCY_CANARY_CHECK_SECONDS: 'often' })).toThrow(
      'AGENCY_CANARY_CHECK_SECONDS must be a whole number from 0 to 86400, got "often"',
    );
    expect(() => loadChangeSettings({ ...env, AGENCY_CANARY_MIN_VIEWS: '-5' })).toThrow(
      /^AGENCY_CANARY_MIN_VIEWS must be/,
    );
    expect(() => loadChangeSettings({ ...env, AGENCY_CANARY_VITALS_MIN_SAMPLES: 'many' })).toThrow(
      /^AGENCY_CANARY_VITALS_MIN_SAMPLES must be/,
    );
    expect(
      loadChangeSettings({ ...env, AGENCY_CANARY_VITALS_MIN_SAMPLES: '5' }).canary.vitalsRules.minSamples,
    ).toBe(5);
  });
});
