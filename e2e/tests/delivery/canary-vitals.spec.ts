import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { enquiryApi, originOf, shell } from 'build-config/topology';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { enquiryApiPaths, remoteHealthReportSchema } from 'shared-content/enquiry';
import { allProjectsLabel, portfolioCopy } from 'shared-content/portfolio';
import { expect, test } from '../../fixtures.ts';
import { bucketCookieFor, type ComposedSite, identifierInBuckets, runComposedSite } from './canary-site.ts';
import { releaseCommandTimeoutMs } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * The canary check on real visitors' Web Vitals (issue 44, item 3), on a production site of its own run as
   * `npm start` runs it (the suite's base + 370). A canary of mf-portfolio whose filter blocks the main thread for
   * 300 ms on a tap is aborted on INP by the site's watcher; then a healthy canary, released as a staged rollout,
   * is compared within the default version's figures and promoted at the end of its hold. Every figure comes from
   * Chromium page loads of /portfolio with a tap on a filter chip, reported by the shell's after-idle reporter
   * when the page is left. A route is compared from AGENCY_CANARY_VITALS_MIN_SAMPLES page loads per cohort.
   */
  test.describe.configure({ mode: 'serial' });

  const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
  const workDir = join(repoRoot, '.data', 'e2e-canary-vitals');
  const deploy = join(workDir, 'deploy');
  const samples = 4;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 370),
    AGENCY_DEPLOY_DIR: deploy,
    ENQUIRY_DATA_DIR: join(workDir, 'api'),
    ENQUIRY_BEACON_RATE_LIMIT: '1000',
    ENQUIRY_RATE_LIMIT: '1000',
    ENQUIRY_LOG_LEVEL: 'warn',
    AGENCY_CANARY_CHECK_SECONDS: '1',
    AGENCY_CANARY_MIN_VIEWS: '2',
    AGENCY_CANARY_VITALS_MIN_SAMPLES: String(samples),
    // This spec judges real visitors' figures: the service's own synthetic visits (issue 41, item 5) are off.
    AGENCY_CANARY_SYNTHETIC: 'off',
    // One browser on loopback is one client in one network (as in canary-site.ts).
    AGENCY_CANARY_MIN_CLIENTS: '1',
    AGENCY_CANARY_MIN_NETWORKS: '1',
    ENQUIRY_HEALTH_MAX_LOADS_PER_CLIENT: '1000',
    ENQUIRY_HEALTH_MAX_LOADS_PER_NETWORK: '1000',
  };
  const origin = originOf(shell, env);
  const apiOrigin = originOf(enquiryApi, env);
  const inCanary = identifierInBuckets(0, 50);
  const outside = identifierInBuckets(50, 100);
  const blockMs = 300;

  let site: ComposedSite | undefined;
  let slowBuild = '';
  let healthyBuild = '';
  let defaultVersion = '';

  function release(...args: string[]) {
    const result = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['platform/cli/src/main.ts', 'release', ...args],
      { cwd: repoRoot, env, encoding: 'utf8', timeout: releaseCommandTimeoutMs },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  const portfolio = () =>
    (readRemoteMapDocument(deploy).microFrontends.mf_portfolio ?? []).map(({ metadata, deployment }) => ({
      version: metadata.version,
      ...deployment,
    }));

  const audit = () =>
    readFileSync(join(deploy, 'releases', 'audit.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { action: string; by: string; version?: string; reason?: string });

  /** A copy of mf-portfolio whose filter chips run `before` on a tap, ahead of selecting. */
  function chipsBuild(label: string, before: string) {
    return buildChangedRemote(
      'mf_portfolio',
      join(workDir, 'builds', label),
      env,
      (copy) => {
        const file = join(copy, 'src', 'components', 'FilterChips.tsx');
        const source = readFileSync(file, 'utf8');
        const tap = 'onClick={() => onSelect(option)}';
        if (!source.includes(tap))
          throw new Error('FilterChips.tsx no longer selects with {tap}; update this test');
        writeFileSync(file, source.replace(tap, `onClick={() => { ${before}; onSelect(option); }}`));
      },
      { lowPriority: true },
    );
  }

  /** The INP samples the API holds of a version on /portfolio, read as the canary check reads them. */
  async function inpSamples(version: string): Promise<number> {
    const response = await fetch(`${apiOrigin}${enquiryApiPaths.remoteHealth}?since=2000-01-01T00:00:00Z`);
    if (!response.ok) return 0;
    const vitals = remoteHealthReportSchema.parse(await response.json()).vitals ?? [];
    return (
      vitals.find(
        (row) =>
          row.remote === 'mf_portfolio' &&
          row.version === version &&
          row.route === '/portfolio' &&
          row.metric === 'INP',
      )?.samples ?? 0
    );
  }

  /**
   * Page loads of /portfolio by a visitor of the bucket: each waits for the Web Vitals reporter (loaded after
   * idle), taps a filter chip, and leaves the page, which sends its report. Stops early once `enough` says so.
   */
  async function tapLoads(browser: Browser, identifier: string, loads: number, enough = () => false) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([bucketCookieFor(identifier, origin)]);
    const page = await context.newPage();
    for (let load = 0; load < loads && !enough(); load += 1) {
      const reporter = page.waitForResponse((response) =>
        /\/web-vitals\.[0-9a-f]+\.js$/.test(response.url()),
      );
      await page.goto(`${origin}/portfolio`);
      await reporter;
      const chips = page.getByRole('group', { name: portfolioCopy.filterLabel });
      const chip = chips
        .getByRole('button')
        .filter({ hasNotText: allProjectsLabel })
        .nth(load % 3);
      await chip.click();
      await expect(chip).toHaveAttribute('aria-pressed', 'true');
      // The next paint ends the interaction; leaving the page hides it, and the reporter sends.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50))));
      await page.goto(`${origin}/services`);
    }
    await context.close();
  }

  test.beforeAll(async () => {
    test.setTimeout(420_000);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    slowBuild = chipsBuild(
      'slow-filter',
      `const until = performance.now() + ${blockMs}; while (performance.now() < until) {}`,
    );
    healthyBuild = chipsBuild('healthy-filter', 'document.documentElement.dataset.canaryChip = option');
    site = await runComposedSite(env, ['--no-build']);
    defaultVersion = portfolio()[0]?.version ?? '';
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('a canary whose filter blocks the main thread for 300 ms on a tap is aborted on INP', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const started = release('mf-portfolio', '--canary', '50', '--build-dir', slowBuild);
    expect(started.status, started.output).toBe(0);
    const slow = portfolio()[1]?.version ?? '';
    expect(portfolio()).toEqual([
      { version: defaultVersion, traffic: 50, default: true },
      { version: slow, traffic: 50, default: false },
    ]);

    // The default's cohort first, so that the canary's is compared as soon as it has its samples.
    await tapLoads(browser, outside, samples);
    await expect.poll(() => inpSamples(defaultVersion)).toBeGreaterThanOrEqual(samples);
    const aborted = () => portfolio().length === 1;
    await tapLoads(browser, inCanary, samples + 4, aborted);

    await expect
      .poll(() => portfolio(), { timeout: 60_000, intervals: [1000] })
      .toEqual([{ version: defaultVersion, traffic: 100, default: true }]);
    // The map changes first; the audit entry follows once the pages are written (as in staged-rollout.spec.ts).
    const abortOf = () => audit().find(({ action, version }) => action === 'abort' && version === slow);
    await expect.poll(() => abortOf()?.by, { timeout: 30_000 }).toBe('automatic');
    expect(abortOf()?.reason).toMatch(/Web Vitals: INP p75 \d+ ms on \/portfolio .*clearly worse/);
  });

  test('a healthy canary is compared within the default version’s figures and promoted', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const started = release(
      'mf-portfolio',
      '--stages',
      '50,100',
      '--hold',
      '90s',
      '--build-dir',
      healthyBuild,
    );
    expect(started.status, started.output).toBe(0);
    const healthy = portfolio()[1]?.version ?? '';
    expect(healthy).not.toBe('');

    // Both cohorts since the canary's start: the period the check compares.
    const before = await inpSamples(defaultVersion);
    await tapLoads(browser, outside, samples);
    await tapLoads(browser, inCanary, samples);
    await expect.poll(() => inpSamples(defaultVersion)).toBeGreaterThanOrEqual(before + samples);
    await expect.poll(() => inpSamples(healthy)).toBeGreaterThanOrEqual(samples);
    // Compared before the hold is over (both cohorts have their samples): neither held nor aborted.
    const status = release('status', 'mf-portfolio');
    expect(status.status, status.output).toBe(0);
    expect(portfolio()[1]?.version, 'the hold was over before the figures were in').toBe(healthy);
    const line = (version: string) =>
      status.output.split('\n').find((text) => text.includes(version) && text.includes('/portfolio')) ?? '';
    expect(line(healthy), status.output).toMatch(/ms \(\d+\)/);
    expect(line(defaultVersion), status.output).toMatch(/ms \(\d+\)/);
    expect(status.output).not.toContain('Web Vitals check now: hold');
    expect(status.output).toContain('canary check now: keep');

    // At the end of the hold the rollout's last stage, 100%, promotes it.
    await expect
      .poll(() => portfolio(), { timeout: 150_000, intervals: [1000] })
      .toEqual([{ version: healthy, traffic: 100, default: true }]);
    await expect
      .poll(
        () =>
          audit().some(
            ({ action, by, version }) => action === 'promote' && by === 'automatic' && version === healthy,
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
  });
});
