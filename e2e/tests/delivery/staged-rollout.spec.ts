import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { originOf, shell } from 'build-config/topology';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { expect, test } from '../../fixtures.ts';
import { bucketCookieFor, type ComposedSite, identifierInBuckets, runComposedSite } from './canary-site.ts';
import { releaseCommandTimeoutMs } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * A staged rollout end to end on a production site of its own, run as `npm start` runs it (the suite's base
   * + 220): `pnpm release mf-marketing --stages 20,60,100 --hold 40s` starts a canary at 20%; a visitor in the
   * canary's buckets views it, so the release service inside the site takes it to 60% once the hold is over;
   * the site is restarted in the middle of the next hold, and the rollout keeps its stage and due time, then
   * reaches 100% (a promote by automatic) on time. The canary check runs every second; a verdict needs two
   * views from the suite's one browser.
   */
  test.describe.configure({ mode: 'serial' });

  const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
  const workDir = join(repoRoot, '.data', 'e2e-staged-rollout');
  const deploy = join(workDir, 'deploy');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 220),
    AGENCY_DEPLOY_DIR: deploy,
    ENQUIRY_DATA_DIR: join(workDir, 'api'),
    ENQUIRY_BEACON_RATE_LIMIT: '1000',
    ENQUIRY_RATE_LIMIT: '1000',
    ENQUIRY_LOG_LEVEL: 'warn',
    AGENCY_CANARY_CHECK_SECONDS: '1',
    AGENCY_CANARY_MIN_VIEWS: '2',
    // This spec judges real visitors' views: the service's own synthetic visits (issue 41, item 5) are off.
    AGENCY_CANARY_SYNTHETIC: 'off',
    // One browser on loopback is one client in one network (as in canary-site.ts).
    AGENCY_CANARY_MIN_CLIENTS: '1',
    AGENCY_CANARY_MIN_NETWORKS: '1',
    ENQUIRY_HEALTH_MAX_LOADS_PER_CLIENT: '1000',
    ENQUIRY_HEALTH_MAX_LOADS_PER_NETWORK: '1000',
  };
  const origin = originOf(shell, env);
  const changedHeading = 'Rolled Out In Stages: A Changed Hero';
  const inCanary = identifierInBuckets(0, 20);
  const outside = identifierInBuckets(60, 100);

  let site: ComposedSite | undefined;

  function release(...args: string[]) {
    const result = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['platform/cli/src/main.ts', 'release', ...args],
      {
        cwd: repoRoot,
        env,
        encoding: 'utf8',
        timeout: releaseCommandTimeoutMs,
      },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  const marketing = () =>
    (readRemoteMapDocument(deploy).microFrontends.mf_marketing ?? []).map(({ metadata, deployment }) => ({
      version: metadata.version,
      ...deployment,
    }));
  const plan = () =>
    JSON.parse(readFileSync(join(deploy, 'releases', 'mf-marketing.rollout.json'), 'utf8')) as {
      stage: number;
      nextDueAt?: string;
    };

  const audit = () =>
    readFileSync(join(deploy, 'releases', 'audit.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { action: string; by: string; traffic?: number });

  /** A visitor of the given bucket opening a few pages: each navigation sends the last page's view. */
  async function views(browser: Browser, identifier: string) {
    const context = await browser.newContext();
    await context.addCookies([bucketCookieFor(identifier, origin)]);
    const page = await context.newPage();
    for (const path of ['/', '/services', '/', '/about', '/']) {
      await page.goto(`${origin}${path}`);
      // A page counts its view once the shell is live; on a slow machine the network went idle before that, a
      // page left then counted nothing, and the stage never became healthy (canary.spec.ts waits the same way).
      await page.locator('html[data-shell-live]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
    }
    await context.close();
  }

  test.afterAll(async () => {
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('a rollout advances while healthy, keeps its stage and due time across a restart, and reaches 100%', async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    const build = buildChangedRemote(
      'mf_marketing',
      join(workDir, 'builds', 'hero'),
      env,
      (copy) => {
        const file = join(copy, 'src', 'sections', 'Hero.tsx');
        const source = readFileSync(file, 'utf8');
        if (!source.includes('>{headline}</Headline>'))
          throw new Error('Hero.tsx no longer renders {headline}; update this test’s edit');
        writeFileSync(file, source.replace('>{headline}</Headline>', `>${changedHeading}</Headline>`));
      },
      { lowPriority: true },
    );
    site = await runComposedSite(env, ['--no-build']);
    const stable = marketing()[0]?.version ?? '';

    const started = release('mf-marketing', '--stages', '20,60,100', '--hold', '40s', '--build-dir', build);
    expect(started.status, started.output).toBe(0);
    expect(started.output).toContain('Staged rollout: 20% → 60% → 100%, one stage every 40 s');
    const canary = marketing()[1]?.version ?? '';
    expect(marketing()).toEqual([
      { version: stable, traffic: 80, default: true },
      { version: canary, traffic: 20, default: false },
    ]);
    const status = release('status', 'mf-marketing');
    expect(status.output).toContain('at stage 1 of 3 (20%)');
    expect(status.output).toContain(`next stage: 60% due at ${plan().nextDueAt}`);

    // The canary's visitor sees it; its views make it healthy, and once the hold is over it goes to 60%.
    await views(browser, inCanary);
    await expect.poll(() => marketing()[1]?.traffic, { timeout: 90_000, intervals: [1000] }).toBe(60);
    const second = plan();
    expect(second.stage).toBe(1);
    const dueAt = Date.parse(second.nextDueAt ?? '');
    // The stage is done once it is in the audit log (after the pages are written for 60%): a stop of the site
    // sooner would stop the change half way, as it would any change.
    await expect
      .poll(() => audit().some(({ action, traffic }) => action === 'stage' && traffic === 60), {
        timeout: 30_000,
      })
      .toBe(true);

    // A restart in the middle of the hold: the same stage, the same due time.
    await site.stop();
    site = await runComposedSite(env, []);
    expect(Date.now()).toBeLessThan(dueAt);
    expect(plan()).toEqual(second);
    expect(marketing()[1]).toEqual({ version: canary, traffic: 60, default: false });
    const after = release('status', 'mf-marketing');
    expect(after.output).toContain('at stage 2 of 3 (60%)');
    expect(after.output).toContain(`next stage: 100% (the promote) due at ${second.nextDueAt}`);

    // 100%: a promote by automatic, not before it was due.
    await expect
      .poll(() => marketing(), { timeout: 120_000, intervals: [1000] })
      .toEqual([{ version: canary, traffic: 100, default: true }]);
    expect(Date.now()).toBeGreaterThanOrEqual(dueAt);
    // The remote map changes first; the audit entry follows once the pages are written (as for the stage above).
    await expect
      .poll(() => audit().some(({ action, by }) => action === 'promote' && by === 'automatic'), {
        timeout: 30_000,
      })
      .toBe(true);
    const log = release('log', 'mf-marketing');
    expect(log.output).toMatch(new RegExp(`stage +${canary} at 60% \\(was ${stable}\\) +by automatic`));
    expect(log.output).toMatch(new RegExp(`promote +${canary} at 60% \\(was ${stable}\\) +by automatic`));

    // Everyone gets it now, the page as served included.
    const context = await browser.newContext();
    await context.addCookies([bucketCookieFor(outside, origin)]);
    await expect
      .poll(async () => (await context.request.get(origin)).text(), { timeout: 30_000 })
      .toContain(changedHeading);
    const page = await context.newPage();
    await page.goto(origin);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    await context.close();
  });
});
