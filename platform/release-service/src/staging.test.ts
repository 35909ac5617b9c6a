/**
 * Issue 44, item 4: a staging environment beside production (AGENCY_STAGING=on). Through the real service on a
 * live site in miniature whose staging folder holds the same builds (testing/service.ts): a team's release lands
 * on staging alone, in staging's own origins; a promotion makes the same sealed build live in production (same
 * version, every file's digest the same), for everyone or as a canary; a version that is not on staging, or a
 * staging copy that no longer matches its seal, is refused with production untouched; the one audit log names
 * the environment of each change and, for a promotion, both ends; the status shows both. Without staging, the
 * promotion is refused and a release goes to production as before.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseRoutes } from 'build-config/release-protocol';
import { readAudit } from 'deploy-folder/audit';
import { readIntegrityRecord } from 'deploy-folder/integrity';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { serverBuildDir, stagingDeployDir } from 'deploy-model/layout';
import { releaseBuild } from 'releases/changes/release';
import { afterEach, describe, expect, it } from 'vitest';
import {
  digestOf,
  get,
  post,
  printed,
  remoteBuild,
  serviceEnv,
  startTestService,
  upload,
} from '../testing/service.ts';

let site: { stop(): Promise<void> } | undefined;

afterEach(async () => {
  await site?.stop();
  site = undefined;
});

const withStaging = async () => {
  const running = await startTestService(
    { 'mf-portfolio': 'portfolio-ci', 'mf-contact': 'contact-ci', shell: 'shell-ci' },
    { staging: true },
  );
  site = running;
  return running;
};

const stagingOf = (running: { deploy: string }) => stagingDeployDir(running.deploy);

/** The portfolio entries of a deploy's map: the default's version and URL, and a canary's. */
function portfolio(deploy: string) {
  const document = readRemoteMapDocument(deploy);
  const stable = defaultEntry(document, 'mf_portfolio');
  const canary = canaryEntry(document, 'mf_portfolio');
  return {
    version: stable?.metadata.version,
    url: stable?.url,
    integrity: stable?.metadata.integrity,
    canary: canary?.metadata.version,
    traffic: canary?.deployment.traffic,
  };
}

/** Every file of production's own folders, staging's left out: what a change of staging must not touch. */
function productionDigest(deploy: string) {
  return Object.fromEntries(
    Object.entries(digestOf(deploy)).filter(([path]) => !path.startsWith('staging/')),
  );
}

const promote = (running: { url: string }, key: string, body = {}) =>
  post(running.url, key, releaseRoutes.promoteToProduction('mf-portfolio'), body);

describe('a staging environment beside production (issue 44, item 4)', { timeout: 60_000 }, () => {
  it("a team's release lands on staging alone, at staging's origins; production is unchanged; the audit says staging", async () => {
    const running = await withStaging();
    const staging = stagingOf(running);
    const before = productionDigest(running.deploy);
    const reply = await upload(
      running.url,
      running.keys['mf-portfolio'],
      'mf-portfolio',
      remoteBuild(running.work, 'mf_portfolio'),
    );
    expect(reply.status, printed(reply)).toBe(200);
    const released = portfolio(staging);
    expect(released.version).not.toBe(running.live.mf_portfolio);
    // Staging's own origin: the base + 30 (5000 + 30 for the shell, + 2 for mf-portfolio).
    expect(released.url).toBe(`http://localhost:5032/${released.version}/mf-manifest.json`);
    expect(readFileSync(join(staging, 'pages', 'index.html'), 'utf8')).toContain(
      `mf_portfolio@${released.version}`,
    );
    expect(portfolio(running.deploy).version).toBe(running.live.mf_portfolio);
    expect(productionDigest(running.deploy)).toEqual({
      ...before,
      'releases/audit.jsonl': expect.any(String),
    });
    expect(readAudit(running.deploy).at(-1)).toMatchObject({
      scope: 'mf-portfolio',
      action: 'release',
      version: released.version,
      previous: running.live.mf_portfolio,
      by: 'portfolio-ci',
      env: 'staging',
    });
    expect(readAudit(staging)).toEqual([]);
  });

  it('refuses a canary in a release when staging is on, saying the promotion takes it; nothing changes', async () => {
    const running = await withStaging();
    const before = digestOf(running.deploy);
    const reply = await upload(
      running.url,
      running.keys['mf-portfolio'],
      'mf-portfolio',
      remoteBuild(running.work, 'mf_portfolio'),
      '?canary=10',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error).toContain('a release lands on staging');
    expect(reply.body.error).toContain('promote-to-production --canary 10');
    expect(digestOf(running.deploy)).toEqual(before);
  });

  it('promotes the version live on staging to production as the same build: same version, same digests; the audit names both', async () => {
    const running = await withStaging();
    const staging = stagingOf(running);
    await upload(
      running.url,
      running.keys['mf-portfolio'],
      'mf-portfolio',
      remoteBuild(running.work, 'mf_portfolio'),
    );
    const onStaging = portfolio(staging).version as string;

    const reply = await promote(running, running.keys['mf-portfolio']);
    expect(reply.status, printed(reply)).toBe(200);
    expect(printed(reply)).toContain(
      `Promoted mf-portfolio ${onStaging} from staging to production, for everyone`,
    );
    expect(printed(reply)).toContain('checked by digest');

    const live = portfolio(running.deploy);
    expect(live.version).toBe(onStaging);
    // Production's own origin, and the integrity staging's release sealed.
    expect(live.url).toBe(`http://localhost:5002/${onStaging}/mf-manifest.json`);
    const record = readIntegrityRecord(staging, 'mf-portfolio', onStaging);
    expect(live.integrity).toBe(record?.manifest);
    const files = (deploy: string) =>
      Object.fromEntries(
        Object.entries(digestOf(join(deploy, 'mf-portfolio', onStaging))).sort(([a], [b]) =>
          a.localeCompare(b),
        ),
      );
    expect(files(running.deploy)).toEqual(files(staging));
    expect(readIntegrityRecord(running.deploy, 'mf-portfolio', onStaging)).toEqual(record);
    expect(readFileSync(join(running.deploy, 'pages', 'index.html'), 'utf8')).toContain(
      `mf_portfolio@${onStaging}`,
    );

    const entries = readAudit(running.deploy);
    expect(entries.at(-1)).toMatchObject({
      scope: 'mf-portfolio',
      action: 'release',
      version: onStaging,
      previous: running.live.mf_portfolio,
      by: 'portfolio-ci',
      env: 'production',
      promotedFrom: 'staging',
    });
    const log = await get(
      running.url,
      running.keys['mf-portfolio'],
      `${releaseRoutes.log}?remote=mf-portfolio`,
    );
    const lines = printed(log).split('\n');
    expect(lines.at(-2)).toContain(
      `release   ${onStaging} (was ${running.live.mf_portfolio})  in staging  by portfolio-ci`,
    );
    expect(lines.at(-1)).toContain(
      `release   ${onStaging} (was ${running.live.mf_portfolio})  in production, promoted from staging  by portfolio-ci`,
    );

    // Once more: it is live in production already, and nothing changes.
    const again = await promote(running, running.keys['mf-portfolio']);
    expect(again.status).toBe(200);
    expect(printed(again)).toContain('is live in production already; nothing changed');
    expect(readAudit(running.deploy)).toHaveLength(entries.length);
  });

  it('promotes as a canary with the release flags: the same build serves 10% of production beside the default', async () => {
    const running = await withStaging();
    const staging = stagingOf(running);
    await upload(
      running.url,
      running.keys['mf-portfolio'],
      'mf-portfolio',
      remoteBuild(running.work, 'mf_portfolio'),
    );
    const onStaging = portfolio(staging).version as string;

    const reply = await promote(running, running.keys['mf-portfolio'], { canary: 10 });
    expect(reply.status, printed(reply)).toBe(200);
    expect(printed(reply)).toContain(
      `as a canary: it serves 10% of visitors; ${running.live.mf_portfolio} keeps 90%`,
    );
    expect(portfolio(running.deploy)).toMatchObject({
      version: running.live.mf_portfolio,
      canary: onStaging,
      traffic: 10,
    });
    expect(readAudit(running.deploy).at(-1)).toMatchObject({
      action: 'canary',
      version: onStaging,
      traffic: 10,
      env: 'production',
      promotedFrom: 'staging',
    });
  });

  it('refuses a version that is not on staging, naming staging’s versions; production unchanged, no file added', async () => {
    const running = await withStaging();
    // Published in production (by the library, as a release before staging was turned on), never on staging.
    const elsewhere = releaseBuild(running.deploy, 'mf_portfolio', {
      buildDir: remoteBuild(running.work, 'mf_portfolio'),
      settings: loadChangeSettings(serviceEnv),
    }).version;
    const before = digestOf(running.deploy);
    const reply = await promote(running, running.keys['mf-portfolio'], { version: elsewhere });
    expect(reply.status).toBe(404);
    expect(reply.body.problem).toBe('unknown-version');
    expect(reply.body.error).toContain(
      `mf-portfolio ${elsewhere} is not on staging, so it cannot be promoted`,
    );
    expect(reply.body.error).toContain(running.live.mf_portfolio);
    expect(digestOf(running.deploy)).toEqual(before);
  });

  it("refuses staging's copy once it no longer matches its seal (the digest check); production unchanged", async () => {
    const running = await withStaging();
    const staging = stagingOf(running);
    await upload(
      running.url,
      running.keys['mf-portfolio'],
      'mf-portfolio',
      remoteBuild(running.work, 'mf_portfolio'),
    );
    const onStaging = portfolio(staging).version as string;
    const manifest = join(staging, 'mf-portfolio', onStaging, 'mf-manifest.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"mf_portfolio"', '"mf_portfolio" '));
    const before = digestOf(running.deploy);

    const reply = await promote(running, running.keys['mf-portfolio']);
    expect(reply.status).toBe(409);
    expect(reply.body.error).toContain(
      `staging's copy of mf-portfolio ${onStaging} differs from its seal (mf-manifest.json)`,
    );
    expect(digestOf(running.deploy)).toEqual(before);
    expect(portfolio(running.deploy).version).toBe(running.live.mf_portfolio);
  });

  it("a team's key promotes its own remote only (403 for another, nothing changed)", async () => {
    const running = await withStaging();
    const before = digestOf(running.deploy);
    const reply = await promote(running, running.keys['mf-contact']);
    expect(reply.status).toBe(403);
    expect(reply.body.error).toContain('"contact-ci" is for mf-contact; it cannot change mf-portfolio');
    expect(digestOf(running.deploy)).toEqual(before);
  });

  it('promotes the shell released to staging, as the same build; the status shows both environments', async () => {
    const running = await withStaging();
    const staging = stagingOf(running);
    const build = join(running.work, 'shell-build');
    mkdirSync(join(build, 'dist', 'static', 'js'), { recursive: true });
    cpSync(join(staging, 'shell', 'mf-manifest.json'), join(build, 'dist', 'mf-manifest.json'));
    writeFileSync(
      join(build, 'dist', 'index.html'),
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script defer src="/static/js/next.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(build, 'dist', 'static', 'js', 'next.js'), 'start("next")');
    cpSync(serverBuildDir(staging), join(build, 'dist-server'), { recursive: true });
    const productionShell = readFileSync(join(running.deploy, 'shell', 'index.html'), 'utf8');

    const released = await upload(running.url, running.keys.shell, 'shell', build, '', [
      'dist',
      'dist-server',
    ]);
    expect(released.status, printed(released)).toBe(200);
    expect(readFileSync(join(staging, 'shell', 'index.html'), 'utf8')).toContain('next.js');
    expect(readFileSync(join(running.deploy, 'shell', 'index.html'), 'utf8')).toBe(productionShell);
    const stagingShell = readAudit(running.deploy).at(-1);
    expect(stagingShell).toMatchObject({ scope: 'shell', action: 'release', env: 'staging' });

    const status = await get(running.url, running.keys.shell, releaseRoutes.status);
    expect(printed(status)).toContain('staging (http://localhost:5030)');
    expect(printed(status)).toMatch(
      new RegExp(`shell +${stagingShell?.version} +${stagingShell?.previous} +not in production yet`),
    );
    expect(printed(status)).toMatch(
      new RegExp(`mf-portfolio +${running.live.mf_portfolio} +${running.live.mf_portfolio} +the same build`),
    );

    const promoted = await post(running.url, running.keys.shell, releaseRoutes.promoteToProduction('shell'));
    expect(promoted.status, printed(promoted)).toBe(200);
    expect(printed(promoted)).toContain(
      `Promoted the shell ${stagingShell?.version} from staging to production`,
    );
    expect(readFileSync(join(running.deploy, 'shell', 'index.html'), 'utf8')).toContain('next.js');
    expect(readAudit(running.deploy).at(-1)).toMatchObject({
      scope: 'shell',
      action: 'release',
      version: stagingShell?.version,
      env: 'production',
      promotedFrom: 'staging',
    });
  });
});

describe('a host without staging', { timeout: 60_000 }, () => {
  it('refuses a promotion, and a release goes to production as before, its audit entry naming no environment', async () => {
    const running = await startTestService({ 'mf-portfolio': 'portfolio-ci' });
    site = running;
    const before = digestOf(running.deploy);
    const refused = await promote(running, running.keys['mf-portfolio']);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toContain('This host has no staging environment');
    expect(digestOf(running.deploy)).toEqual(before);

    const reply = await upload(
      running.url,
      running.keys['mf-portfolio'],
      'mf-portfolio',
      remoteBuild(running.work, 'mf_portfolio'),
    );
    expect(reply.status).toBe(200);
    const entry = readAudit(running.deploy).at(-1);
    expect(entry).toMatchObject({ action: 'release', version: portfolio(running.deploy).version });
    expect(entry).not.toHaveProperty('env');
    expect(entry).not.toHaveProperty('promotedFrom');
  });
});
