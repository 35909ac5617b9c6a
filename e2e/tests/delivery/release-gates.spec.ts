import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { originOf, shell } from 'build-config/topology';
import { readAudit } from 'deploy-folder/audit';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { remoteFallbackCopy } from 'shared-content/site';
import { type ComposedSite, runComposedSite } from './canary-site.ts';
import { folderDigest, repoRoot } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

/**
 * The release gates (platform/releases/src/release-gates/) on a production site of its own run as `npm start` runs it (the
 * suite's base + 250): a build of mf-portfolio whose ProcessSection throws on every render (in Node and in the
 * browser) passes its typecheck, and used to be released with "part of / is left to the browser". The release
 * service now refuses it, naming ProcessSection and the error, and changes nothing; `--force` releases it, the
 * audit says what it was released despite, and visitors read that the section is unavailable.
 */
test.describe.configure({ mode: 'serial' });

const workDir = join(repoRoot, '.data', 'e2e-release-gates');
const deploy = join(workDir, 'deploy');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 250),
  AGENCY_DEPLOY_DIR: deploy,
  ENQUIRY_DATA_DIR: join(workDir, 'api'),
  ENQUIRY_LOG_LEVEL: 'warn',
};
const origin = originOf(shell, env);
const thrown = 'ProcessSection throws on every render (release gate test)';

let site: ComposedSite | undefined;
let throwingBuild = '';

/** `pnpm release <args>` on the host: through the site's own release service, as its operator. */
function release(...args: string[]): { status: number | null; output: string } {
  const result = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['platform/cli/src/main.ts', 'release', ...args],
    {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const liveVersions = () =>
  (readRemoteMapDocument(deploy).microFrontends.mf_portfolio ?? []).map(({ metadata }) => metadata.version);

test.describe('', { tag: ['@composition'] }, () => {
  test.beforeAll(async () => {
    test.setTimeout(400_000);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    // ProcessSection replaced by a wrapper that throws whatever renders it: Node, the browser, any props.
    throwingBuild = buildChangedRemote(
      'mf_portfolio',
      join(workDir, 'mf-portfolio-throws'),
      env,
      (copy) => {
        const declarations = join(copy, 'src', 'exposes.ts');
        const source = readFileSync(declarations, 'utf8');
        const file = './sections/ProcessSection.tsx';
        if (!source.includes(`'${file}'`))
          throw new Error('src/exposes.ts no longer names ProcessSection’s file');
        writeFileSync(declarations, source.replaceAll(`'${file}'`, `'./ProcessSection.throws.tsx'`));
        writeFileSync(
          join(copy, 'src', 'ProcessSection.throws.tsx'),
          `export function ProcessSection(): never {\n  throw new Error('${thrown}');\n}\n`,
        );
      },
      { lowPriority: true },
    );
    site = await runComposedSite(env, ['--no-build']);
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('a build whose ProcessSection throws is refused by the release service, naming it and the error; nothing changes', async () => {
    test.setTimeout(300_000);
    const before = folderDigest(deploy);
    const live = liveVersions();

    const refused = release('mf-portfolio', '--build-dir', throwingBuild);
    expect(refused.status, refused.output).toBe(1);
    expect(refused.output).toContain('mf-portfolio does not render, so nothing changed');
    // Named in each place it was rendered: the prerender of the pages that show it, Node and Chromium.
    expect(refused.output).toContain(`ProcessSection threw while / was prerendered: ${thrown}`);
    expect(refused.output).toContain(`ProcessSection threw while /about was prerendered: ${thrown}`);
    expect(refused.output).toContain(`ProcessSection threw while rendering in Node: ${thrown}`);
    expect(refused.output).toContain(`ProcessSection threw while rendering in Chromium: ${thrown}`);
    // Only the expose was replaced (PortfolioPage imports the section itself): the others render, unnamed.
    expect(refused.output).not.toMatch(
      /(PortfolioSection|PortfolioPage|CategoriesPage)[^\n]* (threw|could not)/,
    );

    expect(liveVersions()).toEqual(live);
    expect(folderDigest(deploy)).toEqual(before);
  });

  test('--force releases it; the audit says why, and visitors read that the section is unavailable', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const live = liveVersions();
    const forced = release('mf-portfolio', '--build-dir', throwingBuild, '--force');
    expect(forced.status, forced.output).toBe(0);
    expect(forced.output).toContain(
      `Released despite: ProcessSection threw while rendering in Node: ${thrown}`,
    );
    expect(liveVersions()).not.toEqual(live);

    // The changes only (deploy-folder's reader): the upload's own line (issue 40) may come before or after it.
    const last = readAudit(deploy).at(-1);
    expect(last).toMatchObject({ scope: 'mf-portfolio', action: 'release', version: liveVersions()[0] });
    expect(last?.reason).toContain(`released despite: `);
    expect(last?.reason).toContain(`ProcessSection threw while rendering in Chromium: ${thrown}`);
    const log = release('log', 'mf-portfolio');
    expect(log.output).toContain('ProcessSection threw');

    await page.goto(`${origin}/about`);
    const fallback = page.getByRole('region', { name: remoteFallbackCopy.unavailableHeading });
    await expect(fallback).toBeVisible();
    await expect(fallback).toContainText(remoteFallbackCopy.unavailableText);
    await expect(page.getByText(remoteFallbackCopy.text)).toHaveCount(0);
  });
});
