import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { originOf, shell } from 'build-config/topology';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { bucketCookie } from 'federation/bucket';
import { allRoutePaths } from 'shared-content/site';
import { type ComposedSite, identifierInBuckets, runComposedSite } from './canary-site.ts';
import { folderDigest, releaseCommandTimeoutMs, repoRoot } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * What a restart does to a live site, on a production site of its own run as `npm start` runs it (the suite's
   * base + 30: + 80 would put its API on 4190, a port fetch refuses): a canary of mf-marketing and a rollback of
   * mf-portfolio to a version that is not the one in dist/ survive a restart, the remote map, every page and every
   * other file of the deploy byte for byte; only a restart with --publish publishes dist/ for everyone, and the
   * release log says so.
   */
  test.describe.configure({ mode: 'serial' });

  const workDir = join(repoRoot, '.data', 'e2e-restart');
  const deploy = join(workDir, 'deploy');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 30),
    AGENCY_DEPLOY_DIR: deploy,
    ENQUIRY_DATA_DIR: join(workDir, 'api'),
    ENQUIRY_LOG_LEVEL: 'warn',
  };
  const origin = originOf(shell, env);
  const canaryVisitor = identifierInBuckets(0, 20);
  const defaultVisitor = identifierInBuckets(20, 100);

  let site: ComposedSite | undefined;

  function run(command: string, ...args: string[]) {
    const result = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [join('platform', 'cli', 'src', 'main.ts'), command, ...args],
      {
        cwd: repoRoot,
        env,
        encoding: 'utf8',
        timeout: releaseCommandTimeoutMs,
      },
    );
    expect(result.status, `${command} ${args.join(' ')}:\n${result.stdout}${result.stderr}`).toBe(0);
  }

  /** A build of a remote whose /categories list (mf-portfolio) or hero (mf-marketing) carries `label`. */
  function labelledBuild(remote: 'mf_portfolio' | 'mf_marketing', label: string) {
    return buildChangedRemote(
      remote,
      join(workDir, 'builds', label),
      env,
      (copy) => {
        const [file, from] =
          remote === 'mf_portfolio'
            ? ['src/pages/CategoriesPage.tsx', '<List aria-label={categoriesCopy.listLabel}>']
            : ['src/sections/Hero.tsx', '>{headline}</Headline>'];
        const path = join(copy, file);
        const source = readFileSync(path, 'utf8');
        if (!source.includes(from)) throw new Error(`${file} changed; update this test's edit`);
        const to = from.replace('>', ` data-build="${label}">`);
        writeFileSync(path, source.replace(from, remote === 'mf_portfolio' ? to : `>${label}</Headline>`));
      },
      { lowPriority: true },
    );
  }

  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  /** What the site serves, as hashes: the remote map and every route's page for a visitor in and out of the canary. */
  async function served(): Promise<Record<string, string>> {
    const hashes: Record<string, string> = {};
    const map = await fetch(`${origin}/remotes.json`);
    hashes['/remotes.json'] = sha256(await map.text());
    for (const visitor of [canaryVisitor, defaultVisitor]) {
      for (const path of allRoutePaths()) {
        const page = await fetch(`${origin}${path}`, { headers: { cookie: `${bucketCookie}=${visitor}` } });
        hashes[`${path} (${visitor === canaryVisitor ? 'canary' : 'default'} visitor)`] = sha256(
          await page.text(),
        );
      }
    }
    return hashes;
  }

  const liveVersions = (remote: 'mf_marketing' | 'mf_portfolio') =>
    (readRemoteMapDocument(deploy).microFrontends[remote] ?? []).map(
      ({ metadata, deployment }) => `${metadata.version} ${deployment.traffic}`,
    );

  const releaseLog = (folder: string) =>
    (JSON.parse(readFileSync(join(deploy, 'releases', `${folder}.json`), 'utf8')) as { events?: unknown[] })
      .events ?? [];

  test.afterAll(async () => {
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('a canary and a rollback survive a restart; only a restart with --publish publishes dist/, logged', async () => {
    // Three starts, three releases (a canary among them) and a rollback: 3.7 min on a slow two-core machine,
    // past 7 min with another delivery run beside it. A hang guard of ten minutes.
    test.setTimeout(600_000);
    rmSync(workDir, { recursive: true, force: true });

    // An empty deploy folder: the first start publishes dist/.
    site = await runComposedSite(env, ['--no-build']);
    expect(site.output()).toContain('Published the builds into the empty deploy folder');
    const [marketing] = liveVersions('mf_marketing').map((entry) => entry.split(' ')[0] ?? '');
    const [portfolio] = liveVersions('mf_portfolio').map((entry) => entry.split(' ')[0] ?? '');

    // mf-portfolio: two releases, then a rollback to the first of them (not dist/'s build); mf-marketing: a canary.
    run('release', 'mf-portfolio', '--build-dir', labelledBuild('mf_portfolio', 'portfolio-b'));
    const [rolledBackTo] = liveVersions('mf_portfolio').map((entry) => entry.split(' ')[0] ?? '');
    run('release', 'mf-portfolio', '--build-dir', labelledBuild('mf_portfolio', 'portfolio-c'));
    run('rollback', 'mf-portfolio');
    run(
      'release',
      'mf-marketing',
      '--canary',
      '20',
      '--build-dir',
      labelledBuild('mf_marketing', 'Canary Hero'),
    );
    const canary = liveVersions('mf_marketing')[1]?.split(' ')[0] ?? '';
    expect(liveVersions('mf_portfolio')).toEqual([`${rolledBackTo} 100`]);
    expect(rolledBackTo).not.toBe(portfolio);
    expect(liveVersions('mf_marketing')).toEqual([`${marketing} 80`, `${canary} 20`]);

    const before = await served();
    expect(before['/categories (default visitor)']).toBeDefined();
    const files = folderDigest(deploy);
    const categories = await (await fetch(`${origin}/categories`)).text();
    expect(categories).toContain('data-build="portfolio-b"');

    // A restart serves the deploy as it was: the same map, pages and files, byte for byte.
    await site.stop();
    site = await runComposedSite(env, []);
    expect(site.output()).toContain(
      `Serving the live deploy as it was: ${join('.data', 'e2e-restart', 'deploy')}: shell `,
    );
    expect(site.output()).toContain(`mf-marketing ${marketing} (80%) with the canary ${canary} (20%)`);
    expect(site.output()).toContain(
      `dist/ holds builds that are not live: mf-portfolio ${portfolio} (live: ${rolledBackTo}; it was published here before)`,
    );
    expect(site.output()).not.toContain('Published the builds');
    expect(await served()).toEqual(before);
    expect(folderDigest(deploy)).toEqual(files);

    // A restart with --publish makes dist/ live for everyone and says so in the release log.
    await site.stop();
    site = await runComposedSite(env, ['--no-build', '--publish']);
    expect(site.output()).toContain('Published the builds in dist/ for everyone');
    expect(site.output()).toContain(`mf_portfolio  ${portfolio} (was ${rolledBackTo})`);
    expect(site.output()).toContain(`mf_marketing  ${marketing}, replacing the canary ${canary}`);
    expect(liveVersions('mf_marketing')).toEqual([`${marketing} 100`]);
    expect(liveVersions('mf_portfolio')).toEqual([`${portfolio} 100`]);
    expect(releaseLog('mf-marketing').slice(-2)).toEqual([
      expect.objectContaining({ action: 'abort', version: canary, by: 'start --publish' }),
      expect.objectContaining({ action: 'release', version: marketing, by: 'start --publish' }),
    ]);
    expect(releaseLog('mf-portfolio').at(-1)).toEqual(
      expect.objectContaining({
        action: 'release',
        version: portfolio,
        by: 'start --publish',
        defaultVersion: rolledBackTo,
      }),
    );
    // Nothing changed for mf-contact, so nothing was logged for it beyond the first start's publish.
    expect(releaseLog('mf-contact')).toEqual([expect.objectContaining({ action: 'release', by: 'start' })]);
    expect(await (await fetch(`${origin}/categories`)).text()).not.toContain('data-build=');
  });
});
