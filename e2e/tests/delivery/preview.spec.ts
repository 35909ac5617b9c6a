import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { originOf, portOf, releaseService, shell } from 'build-config/topology';
import { previewCookie } from 'federation/preview';
import { enquiryApiPaths, remoteHealthReportSchema } from 'shared-content/enquiry';
import { expect, type SiteOptions, test } from '../../fixtures.ts';
import { axeViolations, settle } from '../../pages/quality.ts';
import { portBaseEnv } from '../../sites/port-base.ts';
import { type ComposedSite, healthOrigin, hostArguments, runComposedSite } from './canary-site.ts';
import { releaseCommandTimeoutMs, repoRoot } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

/**
 * Preview links end to end, on a production site of its own run as `npm start` runs it (the project's base + 160,
 * on the project's host):
 * the portfolio team publishes a changed ProcessSection with `pnpm release mf-portfolio --preview`, and only the
 * browser that opens the printed link sees it, prerendered and hydrated, with the banner; it leaves with Exit
 * preview; a tampered or expired link is refused; the preview's pages send the canary check nothing.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

// The project's site, set by beforeAll: each host has its own folders and ports, so both run in one suite run.
let workDir = '';
let deploy = '';
let env: NodeJS.ProcessEnv = {};
let origin = '';
let apiOrigin = '';

function usePreviewSite({ portBase, siteHost }: SiteOptions) {
  workDir = join(repoRoot, '.data', siteHost === 'nginx' ? 'e2e-preview-nginx' : 'e2e-preview');
  deploy = join(workDir, 'deploy');
  env = {
    ...process.env,
    ...portBaseEnv(portBase + 160),
    AGENCY_DEPLOY_DIR: deploy,
    ENQUIRY_DATA_DIR: join(workDir, 'api'),
    ENQUIRY_LOG_LEVEL: 'warn',
    AGENCY_CANARY_CHECK_SECONDS: '0',
  };
  origin = originOf(shell, env);
  apiOrigin = healthOrigin(env, siteHost);
}
const previewHeading = 'Our Process, In Preview';
const liveHeading = 'Our Process';

let site: ComposedSite | undefined;
let link = '';
let version = '';
let startedAt = new Date();

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

const remoteMap = () => readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8');

/** A page that records its hydration messages and the beacons it sends. */
function watched(page: Page) {
  const seen = { hydration: [] as string[], beacons: 0 };
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) seen.hydration.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().endsWith(enquiryApiPaths.beacon)) seen.beacons += 1;
  });
  return seen;
}

const interactive = (page: Page) => page.locator('html[data-interactive]').waitFor({ state: 'attached' });

async function visit(page: Page, path: string) {
  await page.goto(`${origin}${path}`);
  await interactive(page);
}

const processHeading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true });

const hasPreviewCookie = async (context: BrowserContext) =>
  (await context.cookies(origin)).some(({ name }) => name === previewCookie);

test.describe('', { tag: ['@mf-portfolio', '@composition'] }, () => {
  test.beforeAll(async ({ portBase, siteHost }) => {
    test.setTimeout(360_000);
    usePreviewSite({ portBase, siteHost });
    rmSync(workDir, { recursive: true, force: true });
    mkdirSync(workDir, { recursive: true });
    site = await runComposedSite(env, ['--no-build', ...hostArguments(siteHost)]);
    const build = buildChangedRemote(
      'mf_portfolio',
      join(workDir, 'mf-portfolio-preview'),
      env,
      (copy) => {
        const file = join(copy, 'src', 'sections', 'ProcessSection.tsx');
        const source = readFileSync(file, 'utf8');
        const edited = source.replace('title={processCopy.heading}', `title="${previewHeading}"`);
        if (edited === source)
          throw new Error('ProcessSection.tsx no longer has its title; update this test');
        writeFileSync(file, edited);
      },
      { lowPriority: true },
    );
    const mapBefore = remoteMap();
    startedAt = new Date();
    const published = release('mf-portfolio', '--preview', '--build-dir', build);
    expect(published.status, published.output).toBe(0);
    link = published.output.trim().split('\n').at(-1) ?? '';
    version = /Preview of mf-portfolio (\S+):/.exec(published.output)?.[1] ?? '';
    expect(link).toMatch(/\/__preview\?token=[\w-]+\.[\w-]{43}$/);
    // No visitor is moved: the environment's map is as it was.
    expect(remoteMap()).toBe(mapBefore);
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('only the browser that opened the link sees the preview, prerendered, hydrated, with its banner', async ({
    browser,
  }) => {
    const previewer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const previewPage = await previewer.newPage();
    const previewSeen = watched(previewPage);
    await previewPage.goto(link.replace(/^https?:\/\/[^/]+/, origin));
    await interactive(previewPage);
    expect(new URL(previewPage.url()).pathname).toBe('/');
    const banner = previewPage.getByRole('complementary', { name: 'Preview' });
    await expect(banner).toContainText(`mf-portfolio ${version}`);
    await expect(banner.getByRole('link', { name: 'Exit preview' })).toBeVisible();
    // Where the version came from (issue 41): published from this git checkout, so its commit.
    await expect(banner).toContainText(/Built from [0-9a-f]{12}(\+dirty)?( on \S+)?( by [^.]+)?\./);

    await visit(previewPage, '/about');
    await expect(processHeading(previewPage, previewHeading)).toBeVisible();
    await expect(banner).toBeVisible();
    // The page as the host serves it: prerendered with the preview's version, so the first render matches it.
    const servedToPreviewer = await (await previewer.request.get(`${origin}/about`)).text();
    expect(servedToPreviewer).toContain(previewHeading);
    expect(previewSeen.hydration).toEqual([]);

    const visitorPage = await visitor.newPage();
    const visitorSeen = watched(visitorPage);
    await visit(visitorPage, '/about');
    await expect(processHeading(visitorPage, liveHeading)).toBeVisible();
    await expect(visitorPage.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
    expect(await (await visitor.request.get(`${origin}/about`)).text()).not.toContain(previewHeading);
    expect(await hasPreviewCookie(visitor)).toBe(false);

    // Each leaves for another page, which sends what the page before counted: only the visitor's is sent.
    await visit(visitorPage, '/services');
    await visit(previewPage, '/services');
    await expect.poll(() => visitorSeen.beacons, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(previewSeen.beacons).toBe(0);
    expect(visitorSeen.hydration).toEqual([]);

    // The banner passes the site's accessibility check at both widths.
    for (const width of [1280, 375]) {
      await previewPage.setViewportSize({ width, height: 800 });
      await settle(previewPage);
      await expect(banner).toBeVisible();
      expect(await axeViolations(previewPage, '[data-testid="preview-banner"]')).toEqual([]);
    }
    await Promise.all([previewer.close(), visitor.close()]);
  });

  test('the page devtools: in the preview browser what each section runs and why; a visitor never loads them', async ({
    browser,
  }) => {
    const previewer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const previewPage = await previewer.newPage();
    await previewPage.goto(link.replace(/^https?:\/\/[^/]+/, origin));
    await interactive(previewPage);
    // A page whose sections need no code: each is static HTML, and the federation runtime never started.
    await visit(previewPage, '/about');
    // The keys are the banner's, which the preview browser loads once the shell is live.
    await expect(previewPage.getByRole('button', { name: 'Page devtools' })).toBeVisible();
    await previewPage.keyboard.press('Alt+Shift+D');
    const panel = previewPage.getByTestId('page-devtools');
    await expect(panel.getByRole('heading', { name: 'What this page runs' })).toBeFocused();
    const process = panel.locator('tr[data-slot="mf_portfolio/ProcessSection"]');
    await expect(process).toContainText(version);
    await expect(process).toContainText('static HTML');
    await expect(panel).toContainText('The federation runtime has not started on this page');
    const yours = panel.locator('tr[data-map-entry="mf_portfolio"][aria-current="true"]');
    await expect(yours).toContainText(`${version} (yours)`);
    await expect(panel).toContainText(/This browser is in bucket \d+ of 0–99\./);
    await previewPage.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);

    // A page load that asks for the panel, on a page whose form needs its code: hydrated, why, and the singletons.
    await previewPage.goto(`${origin}/contact?devtools`);
    await interactive(previewPage);
    const form = panel.locator('tr[data-slot^="mf_contact/"]').first();
    await expect(form).toHaveAttribute('data-state', 'hydrated');
    await expect(form).toContainText(/waiting \d+ → loading \d+ → live \d+/);
    const react = panel.locator('tr[data-shared="react"]');
    await expect(react).toContainText('shell');
    await expect(react).toContainText('mf_contact');
    for (const width of [1280, 375]) {
      await previewPage.setViewportSize({ width, height: 800 });
      await settle(previewPage);
      expect(await axeViolations(previewPage, '[data-testid="page-devtools"]')).toEqual([]);
    }

    // A visitor asking for it gets nothing: no panel, and not one byte of its code.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const visitorPage = await visitor.newPage();
    const requested: string[] = [];
    visitorPage.on('request', (request) => requested.push(request.url()));
    await visitorPage.goto(`${origin}/contact?devtools`);
    await interactive(visitorPage);
    await visitorPage.keyboard.press('Alt+Shift+D');
    await expect(visitorPage.getByTestId('page-devtools')).toHaveCount(0);
    expect(requested.filter((url) => /\.js$/.test(url) && /devtools|preview-banner/.test(url))).toEqual([]);
    expect(requested.some((url) => /\.js$/.test(url))).toBe(true);
    await Promise.all([previewer.close(), visitor.close()]);
  });

  test('the canary check counts nothing of the preview', async () => {
    const since = encodeURIComponent(startedAt.toISOString());
    const response = await fetch(`${apiOrigin}${enquiryApiPaths.remoteHealth}?since=${since}`);
    expect(response.status).toBe(200);
    const { counts } = remoteHealthReportSchema.parse(await response.json());
    expect(counts.filter((row) => row.version === version)).toEqual([]);
    const status = release('status', 'mf-portfolio');
    expect(status.status, status.output).toBe(0);
    expect(status.output).not.toContain(version);
  });

  test('Exit preview puts the browser back on the live versions', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, origin));
    await interactive(page);
    await visit(page, '/about');
    await expect(processHeading(page, previewHeading)).toBeVisible();
    await page.getByRole('link', { name: 'Exit preview' }).click();
    await page.waitForURL(`${origin}/`);
    await interactive(page);
    await expect(page.getByRole('complementary', { name: 'Preview' })).toHaveCount(0);
    expect(await hasPreviewCookie(context)).toBe(false);
    await visit(page, '/about');
    await expect(processHeading(page, liveHeading)).toBeVisible();
    await context.close();
  });

  test('a tampered or expired link is refused with a page saying so, and the browser stays as it was', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const token = new URL(link).searchParams.get('token') ?? '';
    const tampered = `${origin}/__preview?token=${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const refused = await page.goto(tampered);
    expect(refused?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'This preview link is not valid' })).toBeVisible();
    expect(await hasPreviewCookie(context)).toBe(false);

    // A link that lasts about a second, opened after it has expired.
    const short = release('preview', 'mf-portfolio', version, '--hours', '0.0003');
    expect(short.status, short.output).toBe(0);
    const shortLink = short.output.trim().split('\n').at(-1) ?? '';
    await page.waitForTimeout(2_000);
    const expired = await page.goto(shortLink.replace(/^https?:\/\/[^/]+/, origin));
    expect(expired?.status()).toBe(410);
    await expect(page.getByRole('heading', { name: 'This preview link has expired' })).toBeVisible();
    expect(await hasPreviewCookie(context)).toBe(false);
    await visit(page, '/about');
    await expect(processHeading(page, liveHeading)).toBeVisible();
    await context.close();
  });
  test('pnpm dev mf-portfolio --against the site: that browser alone loads the remote from the dev server', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const devBase = Number(env.AGENCY_PORT_BASE) + 20;
    const devOrigin = `http://localhost:${devBase + 2}`;
    const operatorKey = readFileSync(join(deploy, 'releases', 'operator.key'), 'utf8').trim();
    let printed = '';
    const dev = spawn(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['platform/cli/src/main.ts', 'dev', 'mf-portfolio', '--against', origin],
      {
        cwd: repoRoot,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          AGENCY_PORT_BASE: String(devBase),
          AGENCY_PNPM: `${process.execPath} ${join(repoRoot, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs')}`,
          AGENCY_RELEASE_URL: `http://127.0.0.1:${portOf(releaseService, env)}`,
          AGENCY_RELEASE_KEY: operatorKey,
        },
      },
    );
    dev.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    dev.stderr?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
    });
    try {
      await expect.poll(() => /\/__preview\?token=\S+/.exec(printed)?.[0], { timeout: 180_000 }).toBeTruthy();
      const devLink = `${origin}${/\/__preview\?token=\S+/.exec(printed)?.[0]}`;

      const developer = await browser.newContext();
      const page = await developer.newPage();
      const fromDevServer: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(devOrigin)) fromDevServer.push(request.url());
      });
      await page.goto(devLink);
      await interactive(page);
      await visit(page, '/about');
      await expect(processHeading(page, liveHeading)).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Preview' })).toContainText(devOrigin);
      expect(fromDevServer.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
      expect(fromDevServer.some((url) => /ProcessSection/.test(url))).toBe(true);

      const visitor = await browser.newContext();
      const visitorPage = await visitor.newPage();
      const visitorFromDev: string[] = [];
      visitorPage.on('request', (request) => {
        if (request.url().startsWith(devOrigin)) visitorFromDev.push(request.url());
      });
      const response = await visitorPage.goto(`${origin}/about`);
      await interactive(visitorPage);
      await expect(processHeading(visitorPage, liveHeading)).toBeVisible();
      expect(response?.headers()['content-security-policy']).not.toContain(devOrigin);
      expect(visitorFromDev).toEqual([]);
      await Promise.all([developer.close(), visitor.close()]);
    } finally {
      if (dev.pid !== undefined && dev.exitCode === null) process.kill(-dev.pid, 'SIGTERM');
    }
  });
});
