import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { originOf, shell } from 'build-config/topology';
import { previewCookie } from 'federation/preview';
import { expect, test } from '../../fixtures.ts';
import { portBaseEnv } from '../../sites/port-base.ts';
import { type ComposedSite, runComposedSite } from './canary-site.ts';
import { releaseCommandTimeoutMs, repoRoot } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

/**
 * Preview sessions end to end (issue 44, item 2), on a production site of its own run as `npm start` runs it
 * (the project's base + 340): the portfolio team and the contact team each publish a changed build with
 * `pnpm release <remote> --preview`; one browser opens the portfolio link, adds the contact team's link from
 * the page devtools and sees both previews together, switches mf-contact back to live from the panel, then
 * exits; a second browser sees the live site throughout.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const workDir = join(repoRoot, '.data', 'e2e-preview-session');
const deploy = join(workDir, 'deploy');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...portBaseEnv(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 340),
  AGENCY_DEPLOY_DIR: deploy,
  ENQUIRY_DATA_DIR: join(workDir, 'api'),
  ENQUIRY_LOG_LEVEL: 'warn',
  AGENCY_CANARY_CHECK_SECONDS: '0',
};
const origin = originOf(shell, env);

const portfolioPreview = 'Our Process, In Preview';
const portfolioLive = 'Our Process';
const contactPreview = 'Questions, In Preview';
const contactLive = 'Frequently Asked Questions';

let site: ComposedSite | undefined;
const links = { portfolio: '', contact: '' };
const versions = { portfolio: '', contact: '' };

function release(...args: string[]) {
  const result = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['platform/cli/src/main.ts', 'release', ...args],
    { cwd: repoRoot, env, encoding: 'utf8', timeout: releaseCommandTimeoutMs },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Builds the remote with one title changed, publishes it as a preview, and returns its link and version. */
function previewOf(remote: 'mf_portfolio' | 'mf_contact', file: string, from: string, to: string) {
  const build = buildChangedRemote(
    remote,
    join(workDir, `${remote}-preview`),
    env,
    (copy) => {
      const path = join(copy, ...file.split('/'));
      const source = readFileSync(path, 'utf8');
      const edited = source.replace(from, to);
      if (edited === source) throw new Error(`${file} no longer has ${from}; update this test`);
      writeFileSync(path, edited);
    },
    { lowPriority: true },
  );
  const folder = remote.replace('_', '-');
  const published = release(folder, '--preview', '--build-dir', build);
  expect(published.status, published.output).toBe(0);
  const link = (published.output.trim().split('\n').at(-1) ?? '').replace(/^https?:\/\/[^/]+/, origin);
  const version = new RegExp(`Preview of ${folder} (\\S+):`).exec(published.output)?.[1] ?? '';
  return { link, version };
}

const interactive = (page: Page) => page.locator('html[data-interactive]').waitFor({ state: 'attached' });

async function visit(page: Page, path: string) {
  await page.goto(`${origin}${path}`);
  await interactive(page);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

async function openSwitcher(page: Page) {
  await page.getByRole('button', { name: 'Page devtools' }).click();
  const switcher = page.getByTestId('session-switcher');
  // Its choices are read from the release service through the site: wait for them, not for a time.
  await expect(switcher.locator('[data-switch-remote]').first()).toBeVisible();
  return switcher;
}

test.describe('', { tag: ['@mf-portfolio', '@mf-contact', '@composition'] }, () => {
  test.beforeAll(async () => {
    test.setTimeout(480_000);
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    site = await runComposedSite(env, ['--no-build']);
    const portfolio = previewOf(
      'mf_portfolio',
      'src/sections/ProcessSection.tsx',
      'title={processCopy.heading}',
      `title="${portfolioPreview}"`,
    );
    const contact = previewOf(
      'mf_contact',
      'src/faq/FaqSection.tsx',
      'title={faqCopy.heading}',
      `title="${contactPreview}"`,
    );
    links.portfolio = portfolio.link;
    links.contact = contact.link;
    versions.portfolio = portfolio.version;
    versions.contact = contact.version;
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('two remotes previewed together in one browser, switched from the panel, while another browser sees live', async ({
    browser,
  }) => {
    const previewer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await previewer.newPage();
    await page.goto(links.portfolio);
    await interactive(page);

    // The contact team's link, added from the panel: one session of both previews.
    let switcher = await openSwitcher(page);
    await switcher.getByRole('textbox', { name: /Add a preview link/ }).fill(links.contact);
    await Promise.all([
      page.waitForEvent('load'),
      switcher.getByRole('button', { name: 'Add to this session' }).click(),
    ]);
    await interactive(page);
    const banner = page.getByRole('complementary', { name: 'Preview' });
    await expect(banner).toContainText(`mf-portfolio ${versions.portfolio}, mf-contact ${versions.contact}`);

    await visit(page, '/about');
    await expect(heading(page, portfolioPreview)).toBeVisible();
    await visit(page, '/contact');
    await expect(heading(page, contactPreview)).toBeVisible();

    // Meanwhile a second browser gets the live site, both remotes.
    const visitorPage = await visitor.newPage();
    await visit(visitorPage, '/contact');
    await expect(heading(visitorPage, contactLive)).toBeVisible();
    await visit(visitorPage, '/about');
    await expect(heading(visitorPage, portfolioLive)).toBeVisible();
    await expect(visitorPage.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
    expect((await visitor.cookies(origin)).some(({ name }) => name === previewCookie)).toBe(false);

    // mf-contact back to live from the panel; mf-portfolio stays on its preview.
    switcher = await openSwitcher(page);
    const contactRow = switcher.locator('[data-switch-remote="mf_contact"]');
    await contactRow.getByRole('combobox').selectOption('live');
    await Promise.all([
      page.waitForEvent('load'),
      contactRow.getByRole('button', { name: 'Switch' }).click(),
    ]);
    await interactive(page);
    await expect(banner).toContainText(`mf-portfolio ${versions.portfolio}, mf-contact live`);
    await expect(heading(page, contactLive)).toBeVisible();
    await visit(page, '/about');
    await expect(heading(page, portfolioPreview)).toBeVisible();

    // Exit restores live for everything.
    await banner.getByRole('link', { name: 'Exit preview' }).click();
    await interactive(page);
    await visit(page, '/about');
    await expect(heading(page, portfolioLive)).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
    expect((await previewer.cookies(origin)).some(({ name }) => name === previewCookie)).toBe(false);
    await Promise.all([previewer.close(), visitor.close()]);
  });
});
