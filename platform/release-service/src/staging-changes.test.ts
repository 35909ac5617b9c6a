/**
 * Issue 44, item 4, on a host with staging (AGENCY_STAGING=on): a rollback and a preview work on staging unless
 * production is asked for (`env: 'production'`, the client's --env production), through the real service on a
 * site in miniature (testing/service.ts); a preview link of a staging version opens at staging's host and shows
 * that version to the browser holding it alone. On a host without staging, asking for staging is refused.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { defaultEntry } from 'deploy-model/canary/map';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { previewSecretFile, stagingDeployDir } from 'deploy-model/layout';
import { hostSettings } from 'platform-kit/settings/hosts';
import { releaseBuild } from 'releases/changes/release';
import { stagingSiteRoots } from 'site-hosting/serve-deploy';
import { startStaticHost } from 'site-hosting/static-host';
import { afterEach, describe, expect, it } from 'vitest';
import {
  digestOf,
  get,
  post,
  printed,
  remoteBuild,
  serviceEnv,
  stagingServiceEnv,
  startTestService,
  upload,
} from '../testing/service.ts';

let site: { stop(): Promise<void> } | undefined;
let hosts: Server[] = [];

afterEach(async () => {
  await site?.stop();
  site = undefined;
  for (const server of hosts) server.close();
  hosts = [];
});

const withStaging = async () => {
  const running = await startTestService({ 'mf-portfolio': 'portfolio-ci' }, { staging: true });
  site = running;
  return running;
};

const liveVersion = (deploy: string) =>
  defaultEntry(readRemoteMapDocument(deploy), 'mf_portfolio')?.metadata.version;

/** Every file of production's own folders, staging's left out. */
const productionDigest = (deploy: string) =>
  Object.fromEntries(Object.entries(digestOf(deploy)).filter(([path]) => !path.startsWith('staging/')));

/** Every file of staging's folder. */
const stagingDigest = (deploy: string) => digestOf(stagingDeployDir(deploy));

describe('rollback and preview on a host with staging (issue 44, item 4)', { timeout: 60_000 }, () => {
  it("a rollback is staging's by default and production's only when asked; each leaves the other as it was", async () => {
    const running = await withStaging();
    const staging = stagingDeployDir(running.deploy);
    const key = running.keys['mf-portfolio'];
    const first = running.live.mf_portfolio;
    const released = await upload(
      running.url,
      key,
      'mf-portfolio',
      remoteBuild(running.work, 'mf_portfolio'),
    );
    expect(released.status, printed(released)).toBe(200);
    const onStaging = liveVersion(staging);
    expect(onStaging).not.toBe(first);
    // Production moved on too, by a release made before staging was turned on (the library's).
    const inProduction = releaseBuild(running.deploy, 'mf_portfolio', {
      buildDir: remoteBuild(running.work, 'mf_portfolio'),
      settings: loadChangeSettings(serviceEnv),
    }).version;

    const stagingList = await get(running.url, key, releaseRoutes.versions('mf-portfolio'));
    expect(stagingList.status).toBe(200);
    expect(stagingList.body).toMatchObject({ live: onStaging });
    const productionList = await get(
      running.url,
      key,
      `${releaseRoutes.versions('mf-portfolio')}?env=production`,
    );
    expect(productionList.body).toMatchObject({ live: inProduction });

    const production = productionDigest(running.deploy);
    const back = await post(running.url, key, releaseRoutes.rollback('mf-portfolio'), {});
    expect(back.status, printed(back)).toBe(200);
    expect(liveVersion(staging)).toBe(first);
    expect({ ...productionDigest(running.deploy), 'releases/audit.jsonl': '' }).toEqual({
      ...production,
      'releases/audit.jsonl': '',
    });
    expect(readAudit(running.deploy).at(-1)).toMatchObject({
      action: 'rollback',
      version: first,
      previous: onStaging,
      env: 'staging',
    });

    const stagingBefore = stagingDigest(running.deploy);
    const inProd = await post(running.url, key, releaseRoutes.rollback('mf-portfolio'), {
      env: 'production',
    });
    expect(inProd.status, printed(inProd)).toBe(200);
    expect(liveVersion(running.deploy)).toBe(first);
    expect(stagingDigest(running.deploy)).toEqual(stagingBefore);
    expect(readAudit(running.deploy).at(-1)).toMatchObject({
      action: 'rollback',
      version: first,
      previous: inProduction,
      env: 'production',
    });

    const bad = await post(running.url, key, releaseRoutes.rollback('mf-portfolio'), { env: 'qa' });
    expect([bad.status, bad.body.error]).toEqual([400, '--env takes staging or production, got "qa".']);
  });

  it("a preview link of a staging version is staging's: signed there, opened at staging's host, for that browser alone", async () => {
    const running = await withStaging();
    const staging = stagingDeployDir(running.deploy);
    const key = running.keys['mf-portfolio'];
    await upload(running.url, key, 'mf-portfolio', remoteBuild(running.work, 'mf_portfolio'));
    const onStaging = liveVersion(staging) as string;
    await post(running.url, key, releaseRoutes.rollback('mf-portfolio'), {});
    expect(liveVersion(staging)).not.toBe(onStaging);

    // Only on staging: production has no such version to preview.
    const refused = await post(running.url, key, releaseRoutes.preview('mf-portfolio'), {
      version: onStaging,
      env: 'production',
    });
    expect(refused.status).toBe(404);

    const reply = await post(running.url, key, releaseRoutes.preview('mf-portfolio'), { version: onStaging });
    expect(reply.status, printed(reply)).toBe(200);
    const link = new URL(printed(reply).split('\n').at(-1)?.trim() ?? '');
    // Staging's origin: the service's base 5000 + 30.
    expect(link.origin).toBe('http://localhost:5030');
    expect(existsSync(previewSecretFile(staging))).toBe(true);
    expect(existsSync(previewSecretFile(running.deploy))).toBe(false);
    expect(readAudit(running.deploy).at(-1)).toMatchObject({
      action: 'preview',
      version: onStaging,
      env: 'staging',
    });

    const [shellRoot] = stagingSiteRoots(running.deploy, hostSettings(stagingServiceEnv));
    hosts = await startStaticHost([
      { ...(shellRoot as NonNullable<typeof shellRoot>), port: 0, host: '127.0.0.1' },
    ]);
    const host = `http://127.0.0.1:${((hosts[0] as Server).address() as AddressInfo).port}`;
    const opened = await fetch(`${host}${link.pathname}${link.search}`, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const map = (headers: Record<string, string>) =>
      fetch(`${host}/remotes.json`, { headers }).then((response) => response.text());
    expect(await map({ cookie })).toContain(`/${onStaging}/mf-manifest.json`);
    expect(await map({})).not.toContain(onStaging);
    // The page devtools' sessions are production's: staging's host does not know their paths.
    const session = await fetch(`${host}/__preview/session`, { method: 'POST' });
    expect(session.status).toBe(404);
  });
});

describe('a host without staging', { timeout: 60_000 }, () => {
  it('refuses a rollback or a preview asked for on staging, and changes nothing', async () => {
    const running = await startTestService({ 'mf-portfolio': 'portfolio-ci' });
    site = running;
    const key = running.keys['mf-portfolio'];
    const before = digestOf(running.deploy);
    for (const [path, body] of [
      [releaseRoutes.rollback('mf-portfolio'), { env: 'staging' }],
      [releaseRoutes.preview('mf-portfolio'), { version: running.live.mf_portfolio, env: 'staging' }],
    ] as const) {
      const reply = await post(running.url, key, path, body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toContain('This host has no staging environment');
    }
    const versions = await get(running.url, key, `${releaseRoutes.versions('mf-portfolio')}?env=staging`);
    expect(versions.status).toBe(400);
    expect(digestOf(running.deploy)).toEqual(before);
  });
});
