import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { bucketCookie } from 'federation/bucket';
import { enquiryApiPaths, remoteHealthReportSchema } from 'shared-content/enquiry';
import { expect, test } from '../../fixtures.ts';
import {
  bucketCookieFor,
  type CanarySite,
  canarySite,
  identifierInBuckets,
  liveVersions,
  startCanarySite,
} from './canary-site.ts';
import { releaseCommandTimeoutMs } from './isolated-site.ts';
import { buildChangedRemote } from './remote-builds.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * A canary release end to end, on a production site of its own (canary-site.ts) run as `npm start` runs it:
   * half of the visitors get a build of mf-marketing that throws while rendering, their browsers report it, the
   * server's watcher aborts the canary by itself, and a later canary of a good build is promoted. The steps build
   * on each other, so they run in order.
   */
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  const heroHeading = 'Elevate Your Business With Premium Digital Services';
  const changedHeading = 'Promoted After Its Canary: A Changed Hero';
  // A section that throws is unavailable (the site's problem), not "could not be loaded".
  const fallbackHeading = 'This section is unavailable';
  /**
   * A hang guard: the canary's Hero throws only once the shell has hydrated it, after its chunks load. Beside two
   * busy workers on a slow two-core machine that took 15 s (the page stayed at "Loading section…" until then).
   */
  const fallbackGuardMs = 60_000;
  const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

  let canary: CanarySite;
  let site: Awaited<ReturnType<typeof startCanarySite>> | undefined;
  let brokenBuild = '';
  let changedBuild = '';
  let defaultVersion = '';
  let canaryVersion = '';
  let canaryStartedAt = new Date();
  // One visitor in the canary's half, one outside it, for the whole file: buckets are sticky.
  const inCanary = identifierInBuckets(0, 50);
  const outside = identifierInBuckets(50, 100);

  /** Runs `pnpm release …` against the canary site's environment. */
  function release(...args: string[]) {
    const result = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'tsx'),
      ['platform/cli/src/main.ts', 'release', ...args],
      {
        cwd: repoRoot,
        env: canary.env,
        encoding: 'utf8',
        timeout: releaseCommandTimeoutMs,
      },
    );
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  /** A changed copy of mf-marketing's Hero, built with its own rsbuild config. */
  function heroBuild(label: string, edit: (source: string) => string) {
    return buildChangedRemote(
      'mf_marketing',
      join(canary.scratchDir, label),
      canary.env,
      (copy) => {
        const file = join(copy, 'src', 'sections', 'Hero.tsx');
        const source = readFileSync(file, 'utf8');
        const edited = edit(source);
        if (edited === source)
          throw new Error('Hero.tsx no longer renders {headline}; update this test’s edit');
        writeFileSync(file, edited);
      },
      { lowPriority: true },
    );
  }

  async function visitor(browser: Browser, identifier: string): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([bucketCookieFor(identifier, canary.origin)]);
    return context;
  }

  /** The page the host serves a visitor, as HTML (their cookie picks the variant). */
  async function servedHtml(context: BrowserContext, path = '/') {
    return (await context.request.get(`${canary.origin}${path}`)).text();
  }

  test.beforeAll(async ({ portBase, siteHost }) => {
    test.setTimeout(300_000);
    canary = canarySite({ portBase, siteHost });
    site = await startCanarySite(canary);
    brokenBuild = heroBuild('mf-marketing-throws', (source) =>
      source.replace(
        '>{headline}</Headline>',
        '>{(() => { throw new Error("canary test: Hero throws"); })()}</Headline>',
      ),
    );
    changedBuild = heroBuild('mf-marketing-changed', (source) =>
      source.replace('>{headline}</Headline>', `>${changedHeading}</Headline>`),
    );
    defaultVersion = liveVersions(canary, 'mf_marketing')[0]?.version ?? '';
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('a canary at 50% reaches only the visitors in its buckets, each served the page of their versions', async ({
    browser,
  }) => {
    canaryStartedAt = new Date();
    // The release gates refuse a Hero that throws; forced, it goes out as the canary this test needs.
    const started = release('mf-marketing', '--canary', '50', '--build-dir', brokenBuild, '--force');
    expect(started.status, started.output).toBe(0);
    const live = liveVersions(canary, 'mf_marketing');
    expect(live).toEqual([
      { version: defaultVersion, traffic: 50, default: true },
      { version: expect.not.stringMatching(defaultVersion), traffic: 50, default: false },
    ]);
    canaryVersion = live[1]?.version ?? '';

    const canaryVisitor = await visitor(browser, inCanary);
    const otherVisitor = await visitor(browser, outside);
    // The page as served: the prerendered hero for the default's half, not for the canary's.
    expect(await servedHtml(otherVisitor)).toContain(heroHeading);
    expect(await servedHtml(canaryVisitor)).not.toContain(heroHeading);

    const canaryPage = await canaryVisitor.newPage();
    await canaryPage.goto(canary.origin);
    await expect(canaryPage.getByRole('heading', { name: fallbackHeading }).first()).toBeVisible({
      timeout: fallbackGuardMs,
    });
    await expect(canaryPage.getByRole('heading', { level: 1, name: heroHeading })).toHaveCount(0);

    const otherPage = await otherVisitor.newPage();
    const mismatches: string[] = [];
    otherPage.on('console', (message) => {
      if (/hydrat/i.test(message.text())) mismatches.push(message.text());
    });
    await otherPage.goto(canary.origin);
    await expect(otherPage.getByRole('heading', { level: 1, name: heroHeading })).toBeVisible();
    await expect(otherPage.getByRole('heading', { name: fallbackHeading })).toHaveCount(0);
    expect(mismatches).toEqual([]);
    await Promise.all([canaryVisitor.close(), otherVisitor.close()]);
  });

  test('a new visitor is given a bucket once and keeps it, with the same versions, across reloads and pages', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const manifests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/mf-manifest.json') && sent.url().includes(`/${canaryVersion}/`))
        manifests.push(sent.url());
    });
    // A raw context's goto returns at the load event, which no longer waits for a font: wait until every section
    // that needs code is live, so that each home page has asked for mf-marketing's manifest (its carousel, loaded
    // when the browser is idle; /services, whose section needs no code, asks for nothing).
    const interactive = () => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.goto(canary.origin);
    await interactive();
    const cookie = async () =>
      (await context.cookies(canary.origin)).find(({ name }) => name === bucketCookie);
    const given = await cookie();
    expect(given?.value).toMatch(/^[0-9a-f]{32}$/);
    const sawCanary = manifests.length > 0;
    await page.reload();
    await interactive();
    await page.goto(`${canary.origin}/services`);
    await interactive();
    await page.goto(canary.origin);
    await interactive();
    expect((await cookie())?.value).toBe(given?.value);
    // The same side of the canary on every page: all of them loaded it, or none did.
    expect(manifests.length > 0).toBe(sawCanary);
    if (sawCanary) expect(manifests.length).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  test('the browsers’ beacons reach the API and the watcher aborts the failing canary by itself', async ({
    browser,
  }) => {
    const canaryVisitor = await visitor(browser, inCanary);
    const page = await canaryVisitor.newPage();
    // Fewer canary views than the watcher needs were made before this test, so the canary is still live here.
    await page.goto(canary.origin);
    await expect(page.getByRole('heading', { name: fallbackHeading }).first()).toBeVisible({
      timeout: fallbackGuardMs,
    });
    // Every navigation hides the page before, which sends what it counted; the watcher judges every second.
    // A page counts its view once the shell is live (its slots' effects have run): on a slow machine the network
    // went idle before that, and a page left then sent no view (3 of 9 counted).
    const paths = ['/services', '/', '/about', '/', '/services', '/', '/about', '/'];
    for (const path of paths) {
      if (liveVersions(canary, 'mf_marketing').length === 1) break;
      await page.goto(`${canary.origin}${path}`);
      await page.locator('html[data-shell-live]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
    }
    await canaryVisitor.close();

    // Read as the canary check reads them: over HTTP from the API (this runner is on its loopback).
    const counted = async () => {
      const since = encodeURIComponent(canaryStartedAt.toISOString());
      const response = await fetch(`${canary.apiOrigin}${enquiryApiPaths.remoteHealth}?since=${since}`);
      expect(response.status).toBe(200);
      return remoteHealthReportSchema
        .parse(await response.json())
        .counts.filter(({ remote, version }) => remote === 'mf_marketing' && version === canaryVersion);
    };
    const countOf = async (kind: string) => (await counted()).find((row) => row.kind === kind)?.count ?? 0;
    await expect.poll(() => countOf('render-error')).toBeGreaterThan(0);
    expect(await countOf('view')).toBeGreaterThanOrEqual(Number(canary.env.AGENCY_CANARY_MIN_VIEWS));

    await expect
      .poll(() => liveVersions(canary, 'mf_marketing'), { timeout: 30_000 })
      .toEqual([{ version: defaultVersion, traffic: 100, default: true }]);
    const status = release('status', 'mf-marketing');
    expect(status.status, status.output).toBe(0);
    expect(status.output).toContain(canaryVersion);
    expect(status.output).toMatch(/abort/i);
    expect(status.output).toMatch(/automatic/i);
  });

  test('after the abort every visitor gets the default version, and the page served matches it', async ({
    browser,
  }) => {
    const canaryVisitor = await visitor(browser, inCanary);
    const otherVisitor = await visitor(browser, outside);
    // The abort writes the map, then the pages for it (seconds of prerendering); then both halves get one page.
    await expect
      .poll(async () => (await servedHtml(canaryVisitor)) === (await servedHtml(otherVisitor)), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(await servedHtml(canaryVisitor)).toContain(heroHeading);

    const page = await canaryVisitor.newPage();
    const hydration: string[] = [];
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) hydration.push(message.text());
    });
    await page.goto(canary.origin);
    await expect(page.getByRole('heading', { level: 1, name: heroHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: fallbackHeading })).toHaveCount(0);
    expect(hydration).toEqual([]);
    await Promise.all([canaryVisitor.close(), otherVisitor.close()]);
  });

  test('promote makes a good canary everyone’s', async ({ browser }) => {
    const started = release('mf-marketing', '--canary', '50', '--build-dir', changedBuild);
    expect(started.status, started.output).toBe(0);
    const canaryVisitor = await visitor(browser, inCanary);
    const otherVisitor = await visitor(browser, outside);
    const canaryPage = await canaryVisitor.newPage();
    const otherPage = await otherVisitor.newPage();
    await canaryPage.goto(canary.origin);
    await expect(canaryPage.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    await otherPage.goto(canary.origin);
    await expect(otherPage.getByRole('heading', { level: 1, name: heroHeading })).toBeVisible();
    const promotedVersion = liveVersions(canary, 'mf_marketing')[1]?.version;

    const promoted = release('mf-marketing', 'promote');
    expect(promoted.status, promoted.output).toBe(0);
    expect(liveVersions(canary, 'mf_marketing')).toEqual([
      { version: promotedVersion, traffic: 100, default: true },
    ]);
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    expect(await servedHtml(otherVisitor)).toContain(changedHeading);
    await Promise.all([canaryVisitor.close(), otherVisitor.close()]);
  });
});
