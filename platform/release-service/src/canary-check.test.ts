import { releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { lastAutomaticAbort } from 'deploy-folder/release-log';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { canaryEntry } from 'deploy-model/canary/map';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { startCanary } from 'releases/canary/release-canary';
import { type HealthApi, startHealthApi } from 'releases/testing/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  get,
  makeServiceDeploy,
  post,
  printed,
  remoteBuild,
  type ServiceDeploy,
  serviceEnv,
  startService,
} from '../testing/service.ts';
import { createKey, ensureOperatorKey } from './keys.ts';
import type { RunningReleaseService } from './server.ts';

let site: ServiceDeploy;
let health: HealthApi;
let service: RunningReleaseService | undefined;
let canary: string;
let lines: string[];

beforeEach(async () => {
  site = makeServiceDeploy();
  canary = startCanary(site.deploy, 'mf_marketing', {
    buildDir: remoteBuild(site.work, 'mf_marketing'),
    percent: 10,
    settings: loadChangeSettings(serviceEnv),
  }).version;
  health = await startHealthApi();
  health.useDeploy(site.deploy);
  // The canary fails half its views; the default version none of its many.
  await health.report('mf_marketing', site.live.mf_marketing, { view: 500 });
  await health.report('mf_marketing', canary, { view: 100, 'render-error': 50 });
  lines = [];
}, 60_000);
afterEach(async () => {
  await service?.stop();
  service = undefined;
  await health.stop();
  site.remove();
});

const start = (seconds: string) =>
  startService(
    site.deploy,
    { ...serviceEnv, ...health.env, AGENCY_CANARY_CHECK_SECONDS: seconds },
    {
      log: { info: (line) => lines.push(line), error: (line) => lines.push(`error: ${line}`) },
    },
  );
const liveCanary = () => canaryEntry(readRemoteMapDocument(site.deploy), 'mf_marketing')?.metadata.version;

describe('the canary check inside the release service', () => {
  it('aborts a canary clearly worse on its timer, by automatic, through the same queue, recorded in the audit', async () => {
    service = await start('1');
    for (let waited = 0; liveCanary() && waited < 40_000; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(liveCanary()).toBeUndefined();
    // The abort's audit entry is written once the change is done; the map changes a moment before.
    for (let waited = 0; readAudit(site.deploy).length === 0 && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readAudit(site.deploy)).toEqual([
      {
        at: expect.any(String),
        by: 'automatic',
        from: 'host',
        scope: 'mf-marketing',
        action: 'abort',
        version: canary,
        previous: site.live.mf_marketing,
        traffic: 10,
        reason: expect.stringMatching(/^failure rate 50\.0%/),
      },
    ]);
    expect(lastAutomaticAbort(site.deploy, 'mf-marketing')?.version).toBe(canary);
    // Its lines are logged once the change has answered, a moment after the audit entry is written.
    for (let waited = 0; lines.length === 0 && waited < 10_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(lines.join('\n')).toMatch(new RegExp(`Canary aborted: mf-marketing ${canary} \\(10%\\) is out`));
  }, 60_000);

  it('judges every canary now on POST /v1/check, for the operator key only', async () => {
    service = await start('0');
    const teamKey = createKey(site.deploy, 'mf-marketing').key;
    expect((await post(service.url, teamKey, releaseRoutes.check)).status).toBe(403);
    expect(liveCanary()).toBe(canary);

    const reply = await post(service.url, ensureOperatorKey(site.deploy), releaseRoutes.check);
    expect(reply.status, printed(reply)).toBe(200);
    expect(printed(reply)).toMatch(new RegExp(`Canary aborted: mf-marketing ${canary} \\(10%\\) is out`));
    expect(liveCanary()).toBeUndefined();
    expect(readAudit(site.deploy).map(({ by, action, version }) => [by, action, version])).toEqual([
      ['operator', 'abort', canary],
    ]);
  }, 60_000);

  it('tells any key the status of every remote, with the canary and its health read over HTTP', async () => {
    service = await start('0');
    const contactKey = createKey(site.deploy, 'mf-contact').key;
    const reply = await get(service.url, contactKey, `${releaseRoutes.status}?remote=mf-marketing`);
    expect(reply.status, printed(reply)).toBe(200);
    expect(printed(reply)).toContain(canary);
    expect(printed(reply)).toContain(site.live.mf_marketing);
    expect(printed(reply)).toMatch(/canary +100 +50 +50\.0% {2}render-error 50/);
    expect((await get(service.url, undefined, releaseRoutes.status)).status).toBe(401);
  }, 60_000);
});
