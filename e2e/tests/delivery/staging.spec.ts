import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { originOf, shell } from 'build-config/topology';
import { readAudit } from 'deploy-folder/audit';
import { stagingDeployDir } from 'deploy-model/layout';
import { stagingEnvironment } from 'platform-kit/settings/site';
import { type ComposedSite, runComposedSite } from './canary-site.ts';
import { folderDigest, repoRoot } from './isolated-site.ts';
import { buildChangedRemote, liveRelease } from './remote-builds.ts';

/**
 * Issue 44, item 4: staging beside production on one host, end to end, as `npm start` runs it with
 * AGENCY_STAGING=on (the suite's base + 500; staging at + 530). The start publishes the builds into both. A team's
 * `pnpm release mf-marketing` of a changed hero lands on staging's origin alone: staging's page shows the new
 * heading, production's does not. `pnpm release mf-marketing promote-to-production` then makes production serve
 * it, the same sealed build (every file's digest equal to staging's copy), and the audit log names both. A
 * rollback is then staging's (production keeps the promoted build), a preview link of the version on staging
 * opens at staging's origin for that browser alone, and `--env production` rolls production back.
 */
test.describe.configure({ mode: 'serial' });

const workDir = join(repoRoot, '.data', 'e2e-staging');
const deploy = join(workDir, 'deploy');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  // + 500: its production at 4600–4611 and its staging at 4630–4633 (with the suite's 4100) meet no other spec's
  // site; + 380 met the nginx site's (+ 400, 4500–4511) and the Web Vitals canary's (+ 370).
  AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 500),
  AGENCY_DEPLOY_DIR: deploy,
  AGENCY_STAGING: 'on',
  ENQUIRY_DATA_DIR: join(workDir, 'api'),
  ENQUIRY_LOG_LEVEL: 'warn',
};
const production = originOf(shell, env);
const staging = originOf(shell, stagingEnvironment(env));
const changedHeading = 'Seen On Staging First: A Changed Hero';

let site: ComposedSite | undefined;
let build = '';

/** `pnpm release <args>` on the host: through the site's own release service, as its operator. */
function release(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['platform/cli/src/main.ts', 'release', ...args],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: 300_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** `pnpm rollback <args>` on the host, as `release` runs it. */
function rollback(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['platform/cli/src/main.ts', 'rollback', ...args],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: 300_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The home page as served, read through the page's own request context (as the other delivery specs read pages). */
const served = async (request: APIRequestContext, origin: string) => (await request.get(`${origin}/`)).text();

test.describe('', { tag: ['@composition', '@mf-marketing'] }, () => {
  test.beforeAll(async () => {
    test.setTimeout(400_000);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    build = buildChangedRemote(
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
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test("a release lands on staging's origin alone; promoted, production serves the same build; the audit names both", async ({
    page,
    browser,
  }) => {
    // Eight release commands: on a slow two-core machine, beside the rest of the suite, the test took 5.4 min.
    test.setTimeout(600_000);
    expect(site?.output()).toContain(`Staging is running at ${staging}`);
    const before = liveRelease(deploy, 'mf_marketing').version;
    expect(liveRelease(stagingDeployDir(deploy), 'mf_marketing').version).toBe(before);

    const released = release('mf-marketing', '--build-dir', build);
    expect(released.status, released.output).toBe(0);
    const onStaging = liveRelease(stagingDeployDir(deploy), 'mf_marketing').version;
    expect(onStaging).not.toBe(before);
    expect(liveRelease(deploy, 'mf_marketing').version).toBe(before);
    expect(await served(page.request, staging)).toContain(changedHeading);
    expect(await served(page.request, production)).not.toContain(changedHeading);
    await page.goto(staging);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    await page.goto(production);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(changedHeading);

    const status = release('status');
    expect(status.output).toContain(`staging (${staging})`);
    expect(status.output).toMatch(new RegExp(`mf-marketing +${onStaging} +${before} +not in production yet`));

    const refused = release('mf-marketing', 'promote-to-production', '1.0.0-0badc0de');
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('mf-marketing 1.0.0-0badc0de is not on staging');
    expect(liveRelease(deploy, 'mf_marketing').version).toBe(before);

    const promoted = release('mf-marketing', 'promote-to-production');
    expect(promoted.status, promoted.output).toBe(0);
    expect(promoted.output).toContain(`Promoted mf-marketing ${onStaging} from staging to production`);
    expect(liveRelease(deploy, 'mf_marketing').version).toBe(onStaging);
    // The same build: every file of production's copy has the digest of staging's.
    expect(folderDigest(join(deploy, 'mf-marketing', onStaging))).toEqual(
      folderDigest(join(stagingDeployDir(deploy), 'mf-marketing', onStaging)),
    );
    await expect.poll(() => served(page.request, production), { timeout: 30_000 }).toContain(changedHeading);
    await page.goto(production);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();

    const [landed, made] = readAudit(deploy)
      .filter(({ scope, version }) => scope === 'mf-marketing' && version === onStaging)
      .slice(-2);
    expect(landed).toMatchObject({ action: 'release', env: 'staging', previous: before, by: 'operator' });
    expect(made).toMatchObject({
      action: 'release',
      env: 'production',
      promotedFrom: 'staging',
      previous: before,
    });
    const log = release('log', 'mf-marketing');
    expect(log.output).toMatch(
      new RegExp(
        `release +${onStaging} \\(was ${before}\\)  in production, promoted from staging  by operator`,
      ),
    );

    // A rollback is staging's: staging serves the version before again, production keeps the promoted one.
    const rolledBack = rollback('mf-marketing');
    expect(rolledBack.status, rolledBack.output).toBe(0);
    expect(liveRelease(stagingDeployDir(deploy), 'mf_marketing').version).toBe(before);
    expect(liveRelease(deploy, 'mf_marketing').version).toBe(onStaging);
    await expect.poll(() => served(page.request, staging), { timeout: 30_000 }).not.toContain(changedHeading);
    expect(readAudit(deploy).at(-1)).toMatchObject({ action: 'rollback', env: 'staging', version: before });

    // A preview link of the version on staging opens at staging's origin, for this browser alone.
    const preview = release('preview', 'mf-marketing', onStaging);
    expect(preview.status, preview.output).toBe(0);
    const link = /https?:\/\/\S+\/__preview\?token=\S+/.exec(preview.output)?.[0] ?? '';
    expect(new URL(link).origin).toBe(staging);
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    expect(await served(page.request, staging)).toContain(changedHeading);
    const visitor = await browser.newContext();
    const elsewhere = await visitor.newPage();
    await elsewhere.goto(staging);
    await expect(elsewhere.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(elsewhere.getByRole('heading', { level: 1 })).not.toHaveText(changedHeading);
    await visitor.close();

    // Production's own rollback, asked for by name: production serves the version before, staging unchanged.
    const inProduction = rollback('mf-marketing', '--env', 'production');
    expect(inProduction.status, inProduction.output).toBe(0);
    expect(liveRelease(deploy, 'mf_marketing').version).toBe(before);
    expect(liveRelease(stagingDeployDir(deploy), 'mf_marketing').version).toBe(before);
    await expect
      .poll(() => served(page.request, production), { timeout: 30_000 })
      .not.toContain(changedHeading);
    expect(readAudit(deploy).at(-1)).toMatchObject({
      action: 'rollback',
      env: 'production',
      version: before,
    });
  });
});
