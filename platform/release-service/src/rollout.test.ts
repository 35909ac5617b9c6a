import { existsSync } from 'node:fs';
import { releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { releaseEvents } from 'deploy-folder/release-log';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { readRolloutPlan, rolloutFile } from 'releases/canary/rollout-plan';
import { type HealthApi, startHealthApi } from 'releases/testing/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  digestOf,
  get,
  makeServiceDeploy,
  post,
  printed,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
  upload,
} from '../testing/service.ts';
import { createKey, ensureOperatorKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

/**
 * Staged rollouts against a real release service on loopback: the canary's health comes from a real enquiry API
 * fed with beacons, the stages advance on the service's canary check timer (every second here), and the clock
 * they are due by is the test's: moved forward instead of waited for.
 */
let site: ServiceDeploy;
let health: HealthApi;
let service: RunningReleaseService | undefined;
let lines: string[];
let skewMs: number;
let teamKey: string;

const minute = 60_000;

beforeEach(async () => {
  site = makeServiceDeploy();
  health = await startHealthApi();
  health.useDeploy(site.deploy);
  await health.report('mf_marketing', site.live.mf_marketing, { view: 200 });
  teamKey = createKey(site.deploy, 'mf-marketing').key;
  lines = [];
  skewMs = 0;
}, 60_000);
afterEach(async () => {
  await service?.stop();
  service = undefined;
  await health.stop();
  site.remove();
});

const start = async () => {
  service = await startService(
    site.deploy,
    { ...serviceEnv, ...health.env, AGENCY_CANARY_CHECK_SECONDS: '1' },
    {
      now: () => new Date(Date.now() + skewMs),
      log: { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) },
    },
  );
  return service;
};
const running = () => service as RunningReleaseService;

const marketing = () => {
  const document = readRemoteMapDocument(site.deploy);
  return { canary: canaryEntry(document, 'mf_marketing'), stable: defaultEntry(document, 'mf_marketing') };
};
const traffic = () => marketing().canary?.deployment.traffic;
const plan = () => readRolloutPlan(site.deploy, 'mf-marketing');

async function until(condition: () => boolean, what: string, ms = 30_000) {
  for (let waited = 0; !condition(); waited += 100) {
    if (waited > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
/** Several ticks of the canary check (one a second), to show that nothing happens. */
const ticks = (count: number) => new Promise((resolve) => setTimeout(resolve, count * 1000 + 500));

/** Starts a staged rollout as a team's pipeline does; resolves to the canary's version. */
async function stagedRelease(query = '?stages=5,25,100&hold=10m') {
  const reply = await upload(
    running().url,
    teamKey,
    'mf-marketing',
    remoteBuild(site.work, 'mf_marketing'),
    query,
  );
  expect(reply.status, printed(reply)).toBe(200);
  return marketing().canary?.metadata.version as string;
}
const healthy = (version: string) => health.report('mf_marketing', version, { view: 120 });
const status = async () =>
  printed(await get(running().url, teamKey, `${releaseRoutes.status}?remote=mf-marketing`));

describe('a staged rollout in the release service', () => {
  it('starts at the first stage with its plan on disk, and the status shows the plan and the due time', async () => {
    await start();
    const version = await stagedRelease();
    expect(traffic()).toBe(5);
    const written = plan();
    expect(written).toMatchObject({ version, stages: [5, 25, 100], holdSeconds: 600, stage: 0 });
    expect(Date.parse(written?.nextDueAt as string) - Date.parse(written?.stageSince as string)).toBe(
      10 * minute,
    );
    expect(readAudit(site.deploy).at(-1)).toMatchObject({
      by: 'mf-marketing-1',
      action: 'canary',
      version,
      traffic: 5,
      reason: 'staged rollout 5% → 25% → 100%, one stage every 10 min',
    });
    const text = await status();
    expect(text).toContain(
      `  staged rollout: 5% → 25% → 100%, one stage every 10 min; at stage 1 of 3 (5%) since ${written?.stageSince}`,
    );
    expect(text).toMatch(
      new RegExp(
        `  next stage: 25% due at ${written?.nextDueAt} \\(in 10 min\\); as of now held until the canary has 50 views \\(0 so far\\)`,
      ),
    );
  }, 90_000);

  it('advances one stage after each hold while healthy, by automatic, and promotes at 100', async () => {
    await start();
    const version = await stagedRelease();
    await healthy(version);
    await ticks(2);
    expect(traffic()).toBe(5);

    skewMs = 10 * minute + 1000;
    await until(() => traffic() === 25, 'the second stage');
    expect(plan()).toMatchObject({ stage: 1 });
    await until(() => readAudit(site.deploy).length === 2, 'its audit entry');
    expect(readAudit(site.deploy).at(-1)).toEqual({
      at: expect.any(String),
      by: 'automatic',
      from: 'host',
      scope: 'mf-marketing',
      action: 'stage',
      version,
      previous: site.live.mf_marketing,
      traffic: 25,
      reason: expect.stringMatching(
        /^stage 2 of 3 \(25%\) of the staged rollout 5% → 25% → 100%: healthy: failure rate 0\.0% in 120 views/,
      ),
    });
    expect(releaseEvents(site.deploy, 'mf-marketing').at(-1)).toMatchObject({
      action: 'stage',
      by: 'automatic',
      traffic: 25,
    });
    // The next stage is a hold after this one began, not after the first was due.
    await ticks(2);
    expect(traffic()).toBe(25);

    skewMs = 20 * minute + 2000;
    await until(() => marketing().stable?.metadata.version === version, 'the promote');
    expect(marketing().canary).toBeUndefined();
    await until(() => readAudit(site.deploy).length === 3, 'its audit entry');
    expect(readAudit(site.deploy).at(-1)).toMatchObject({
      by: 'automatic',
      action: 'promote',
      version,
      traffic: 25,
      reason: expect.stringMatching(/^the last stage of the staged rollout 5% → 25% → 100%: healthy/),
    });
    expect(existsSync(rolloutFile(site.deploy, 'mf-marketing'))).toBe(false);
  }, 120_000);

  it('does not advance a canary too few have seen, past its due time, and says why', async () => {
    await start();
    const version = await stagedRelease();
    await health.report('mf_marketing', version, { view: 12 });
    skewMs = 30 * minute;
    await ticks(3);
    expect(traffic()).toBe(5);
    expect(readAudit(site.deploy).map(({ action }) => action)).toEqual(['canary']);
    expect(lines.filter((line) => line.startsWith('Staged rollout'))).toEqual([
      `Staged rollout: mf-marketing ${version} stays at 5%, held until the canary has 50 views (12 so far): too few to call it healthy`,
    ]);
    expect(await status()).toMatch(
      /next stage: 25% due at \S+ \(in 10 min\); as of now held until the canary/,
    );
    // Views from one visitor only do not make it healthy either.
    await health.report('mf_marketing', version, { view: 200 }, () => '10.9.9.9');
    await ticks(2);
    expect(traffic()).toBe(5);
    // Once enough visitors have seen it, it goes at the next check.
    await healthy(version);
    await until(() => traffic() === 25, 'the second stage');
  }, 120_000);

  it('aborts a canary clearly worse, and the plan ends with it', async () => {
    await start();
    const version = await stagedRelease();
    await health.report('mf_marketing', version, { view: 100, 'render-error': 50 });
    skewMs = 10 * minute + 1000;
    await until(() => marketing().canary === undefined, 'the abort');
    expect(marketing().stable?.metadata.version).toBe(site.live.mf_marketing);
    await until(() => readAudit(site.deploy).length === 2, 'its audit entry');
    expect(readAudit(site.deploy).at(-1)).toMatchObject({
      by: 'automatic',
      action: 'abort',
      version,
      traffic: 5,
    });
    expect(existsSync(rolloutFile(site.deploy, 'mf-marketing'))).toBe(false);
    expect(releaseEvents(site.deploy, 'mf-marketing').some(({ action }) => action === 'stage')).toBe(false);
  }, 120_000);

  it('keeps its stage and due time across a restart of the service', async () => {
    await start();
    const version = await stagedRelease();
    await healthy(version);
    const before = plan();
    const dueLine = (await status()).split('\n').find((line) => line.startsWith('  next stage'));
    await running().stop();

    // Restarted 6 minutes later: still 4 minutes to go, the same due time.
    skewMs = 6 * minute;
    await start();
    await ticks(2);
    expect(traffic()).toBe(5);
    expect(plan()).toEqual(before);
    expect(await status()).toContain(`next stage: 25% due at ${before?.nextDueAt}`);
    expect(dueLine).toContain(`due at ${before?.nextDueAt}`);

    skewMs = 10 * minute + 1000;
    // The map changes first, the plan right after it: both are awaited (a loaded machine showed the gap).
    await until(() => traffic() === 25 && plan()?.stage === 1, 'the second stage after the restart');
    expect(plan()).toMatchObject({ stage: 1 });
  }, 120_000);

  it('ends with a promote or abort by hand, and a plain release replaces it', async () => {
    await start();
    await stagedRelease();
    expect((await post(running().url, teamKey, releaseRoutes.promote('mf-marketing'))).status).toBe(200);
    expect(existsSync(rolloutFile(site.deploy, 'mf-marketing'))).toBe(false);

    await stagedRelease();
    const aborted = await post(running().url, teamKey, releaseRoutes.abort('mf-marketing'), { reason: 'no' });
    expect(aborted.status).toBe(200);
    expect(existsSync(rolloutFile(site.deploy, 'mf-marketing'))).toBe(false);

    const version = await stagedRelease();
    await healthy(version);
    const plain = await upload(
      running().url,
      teamKey,
      'mf-marketing',
      remoteBuild(site.work, 'mf_marketing'),
    );
    expect(plain.status, printed(plain)).toBe(200);
    expect(existsSync(rolloutFile(site.deploy, 'mf-marketing'))).toBe(false);
    skewMs = 30 * minute;
    await ticks(2);
    expect(marketing().canary).toBeUndefined();
    expect(await status()).not.toContain('staged rollout');
  }, 120_000);

  it.each([
    ['?stages=5,3,100&hold=10m', /3 does not come after 5/],
    ['?stages=5,50,100&hold=10', /--hold .* got "10"/],
    ['?stages=5,50,100', /--stages needs --hold/],
    ['?hold=10m', /give --stages too/],
    ['?canary=10&stages=5,50,100&hold=10m', /disagree: the canary starts at the first stage/],
    ['?stages=5,50,100&hold=10m&hold=20m', /"hold" is given 2 times/],
  ])(
    'refuses %s with a 400, nothing changed',
    async (query, why) => {
      await start();
      const before = digestOf(site.deploy);
      const reply = await upload(
        running().url,
        teamKey,
        'mf-marketing',
        remoteBuild(site.work, 'mf_marketing'),
        query,
      );
      expect(reply.status).toBe(400);
      expect(reply.body.problem).toBe('usage');
      expect(reply.body.error).toMatch(why);
      expect(digestOf(site.deploy)).toEqual(before);
    },
    60_000,
  );

  it('refuses a staged rollout of the shell', async () => {
    await start();
    const reply = await upload(
      running().url,
      ensureOperatorKey(site.deploy),
      'shell',
      remoteBuild(site.work, 'mf_marketing'),
      '?stages=5,100&hold=1m',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatch(/The shell has no canary/);
  }, 60_000);
});
