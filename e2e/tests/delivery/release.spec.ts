import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { releaseVersion } from 'deploy-folder/publish';
import { routeSlots } from 'federation/route-slots';
import { contactHeroCopy } from 'shared-content/contact';
import { readDeferredScripts } from 'site-pages/pages/defer-scripts';
import { expect, test } from '../../fixtures.ts';
import {
  buildChangedMarketing,
  copyMarketingBuild,
  deploy,
  folderDigest,
  readRemoteMap,
  remoteOriginOf,
  repoRoot,
  runScript,
  siteOrigin,
  startIsolatedSite,
} from './isolated-site.ts';
import { liveRelease } from './remote-builds.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * Independent delivery, end to end, on a production site of its own (isolated-site.ts): release a changed
   * mf-marketing, roll it back, publish an incompatible one. The steps build on each other, so they run in order.
   */
  // Each step releases and prerenders: 50-85 s on a slow CI machine, so the guard leaves it room.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });

  const heroHeading = 'Elevate Your Business With Premium Digital Services';
  const changedHeading = 'Released On Its Own: A Changed Hero';
  const fallbackHeading = 'This section could not be loaded';
  /** A section whose code the shell refused or that threw: not the visitor's connection. */
  const unavailableHeading = 'This section is unavailable';
  const anyFallback = new RegExp(`^(${fallbackHeading}|${unavailableHeading})$`);

  let stopSite: () => Promise<void> = async () => {};
  let changedBuild = '';
  let shellBefore: Record<string, string> = {};

  test.beforeAll(async () => {
    stopSite = await startIsolatedSite();
    shellBefore = folderDigest(join(deploy, 'shell'), ['remotes.json']);
    changedBuild = buildChangedMarketing('mf-marketing-changed', (copy) => {
      const file = join(copy, 'src', 'sections', 'Hero.tsx');
      const source = readFileSync(file, 'utf8');
      const edited = source.replace('>{headline}</Headline>', `>${changedHeading}</Headline>`);
      if (edited === source)
        throw new Error('Hero.tsx no longer renders {headline}; update this test’s edit');
      writeFileSync(file, edited);
    });
  });

  test.afterAll(async () => {
    await stopSite();
  });

  test('the production server never caches the remote map or manifests, and caches hashed files for good', async ({
    request,
  }) => {
    const remoteMap = await request.get(`${siteOrigin}/remotes.json`);
    expect(remoteMap.headers()['cache-control']).toBe('no-store');
    const manifestUrl = readRemoteMap().mf_marketing ?? '';
    const manifest = await request.get(manifestUrl);
    expect(manifest.headers()['cache-control']).toBe('no-store');
    expect(manifest.headers()['access-control-allow-origin']).toBe('*');
    const { metaData } = (await manifest.json()) as { metaData: { remoteEntry: { name: string } } };
    const entry = await request.get(new URL(metaData.remoteEntry.name, manifestUrl).href);
    expect(entry.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('releasing a changed mf-marketing shows on reload; the shell and the other remotes are untouched', async ({
    page,
  }) => {
    await page.goto(siteOrigin);
    await expect(page.getByRole('heading', { level: 1, name: heroHeading })).toBeVisible();
    const mapBefore = readRemoteMap();

    const release = runScript('release', ['mf-marketing', '--build-dir', changedBuild]);
    expect(release.status, release.output).toBe(0);
    expect(release.output).toContain('Released mf-marketing');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();
    expect(folderDigest(join(deploy, 'shell'), ['remotes.json'])).toEqual(shellBefore);
    const mapAfter = readRemoteMap();
    expect(mapAfter.mf_marketing).not.toBe(mapBefore.mf_marketing);
    expect({ ...mapAfter, mf_marketing: undefined }).toEqual({ ...mapBefore, mf_marketing: undefined });
  });

  /**
   * The preloads of a route's generated HTML, as the production server sends it: those in its head and those its
   * prerendered page starts after the first paint (defer-scripts.ts).
   */
  async function preloadHrefs(request: APIRequestContext, path: string): Promise<string[]> {
    const html = await (await request.get(`${siteOrigin}${path}`)).text();
    const inHead = [...html.matchAll(/<link\b[^>]*\brel="preload"[^>]*>/g)].map(
      ([tag]) => tag.match(/\bhref="([^"]+)"/)?.[1] ?? '',
    );
    return [...inHead, ...(readDeferredScripts(html)?.preload.map((hint) => hint.href) ?? [])];
  }

  test('after a release each route preloads the live versions of exactly its remotes, and the browser uses them', async ({
    page,
    request,
  }) => {
    const live = readRemoteMap();
    const liveMarketingFolder = (live.mf_marketing ?? '').replace(/mf-manifest\.json$/, '');
    const home = await preloadHrefs(request, '/');
    expect(home).toEqual(expect.arrayContaining(['/remotes.json', live.mf_marketing, live.mf_portfolio]));
    expect(home).not.toContain(live.mf_contact);
    // The manifest, the remote entry and the home page's chunks: all from the version just released. (Since its
    // images stopped being data URIs, the carousel's code is one chunk: three hints, each named below.)
    const marketing = home.filter((href) => href.startsWith(remoteOriginOf('mf_marketing')));
    expect(marketing).toContain(live.mf_marketing);
    expect(marketing.some((href) => /\/static\/js\/mf_marketing\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    expect(marketing.length).toBeGreaterThanOrEqual(3);
    expect(marketing.filter((href) => !href.startsWith(liveMarketingFolder))).toEqual([]);
    // Of its sections only the client carousel needs code (the Hero keeps its prerendered HTML): its chunk.
    expect(marketing.some((href) => href.includes('__federation_expose_ClientCarousel'))).toBe(true);
    expect(marketing.some((href) => href.includes('__federation_expose_Hero'))).toBe(false);

    const contact = await preloadHrefs(request, '/contact');
    expect(contact).toContain(live.mf_contact);
    expect(contact.filter((href) => href.startsWith(remoteOriginOf('mf_marketing')))).toEqual([]);

    // The runtime takes the manifest from the preload: one request, not two.
    const manifestRequests: string[] = [];
    page.on('request', (sent) => {
      if (sent.url() === live.mf_marketing) manifestRequests.push(sent.url());
    });
    await page.goto(siteOrigin);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();
    // The carousel's code loads when the browser is idle; once every section that needs code is live:
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(manifestRequests).toHaveLength(1);
  });

  test('rolling back brings the previous heading back on reload', async ({ page, request }) => {
    await page.goto(siteOrigin);
    await expect(page.getByRole('heading', { level: 1, name: changedHeading })).toBeVisible();

    const rollback = runScript('rollback', ['mf-marketing']);
    expect(rollback.status, rollback.output).toBe(0);
    expect(rollback.output).toContain('Rolled mf-marketing back to');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: heroHeading })).toBeVisible();
    await expect(page.getByRole('heading', { name: changedHeading })).toHaveCount(0);
    expect(await preloadHrefs(request, '/')).toContain(readRemoteMap().mf_marketing);
    expect(folderDigest(join(deploy, 'shell'), ['remotes.json'])).toEqual(shellBefore);
  });

  test('an incompatible mf-marketing is refused; forced live, its slot falls back and the rest works', async ({
    page,
  }) => {
    const incompatible = copyMarketingBuild('mf-marketing-react18', (manifest) => {
      const shared = manifest.shared as { name: string; requiredVersion: string }[];
      const react = shared.find((entry) => entry.name === 'react');
      if (!react) throw new Error('the build shares no react');
      react.requiredVersion = '^18.3.1';
    });
    const mapBefore = readRemoteMap();
    const refused = runScript('release', ['mf-marketing', '--build-dir', incompatible]);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('mf_marketing requires react ^18.3.1, but the shell provides 19.');
    expect(readRemoteMap()).toEqual(mapBefore);

    const forced = runScript('release', ['mf-marketing', '--build-dir', incompatible, '--force']);
    expect(forced.status, forced.output).toBe(0);

    const marketingFiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(remoteOriginOf('mf_marketing')))
        marketingFiles.push(new URL(request.url()).pathname);
    });
    await page.goto(siteOrigin);
    // Every mf-marketing section of the home page falls back on its own; mf-portfolio's sections still show.
    const marketingSlots = routeSlots.home.filter((slot) => slot.remote === 'mf_marketing');
    const fallback = page.getByRole('region', { name: unavailableHeading });
    await expect(fallback).toHaveCount(marketingSlots.length);
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();
    // Every mf_marketing section of the home page falls back, and only those.
    const failedSlots = await fallback.evaluateAll((regions) => regions.map((region) => region.dataset.slot));
    expect(failedSlots.length).toBeGreaterThan(0);
    expect(failedSlots.every((slot) => slot?.startsWith('mf_marketing/'))).toBe(true);
    await expect(page.getByRole('heading', { name: heroHeading })).toHaveCount(0);
    // Only the manifest was read: none of the incompatible remote's code ran (so no second React either).
    expect(marketingFiles.every((path) => path.endsWith('/mf-manifest.json'))).toBe(true);
    expect(marketingFiles.length).toBeGreaterThan(0);

    await page.getByTestId('site-header').getByRole('link', { name: 'Portfolio' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeVisible();
  });

  test('a remote the prerenderer cannot load is prerendered as its fallback, and the browser loads it', async ({
    page,
    request,
  }) => {
    // A build without its Node half, as a remote released before it had one: browsers can run it, Node cannot.
    const browserOnly = copyMarketingBuild('mf-marketing-browser-only', (manifest) => {
      delete (manifest.metaData as Record<string, unknown>).ssrRemoteEntry;
    });
    rmSync(join(browserOnly, 'ssr'), { recursive: true, force: true });
    // Node cannot render it, so the release gates refuse it unless forced (release-gates.spec.ts).
    const release = runScript('release', ['mf-marketing', '--build-dir', browserOnly, '--force']);
    expect(release.status, release.output).toBe(0);
    // The release service's child writes the pages; what it says of them comes back as the gates' warnings.
    expect(release.output).toContain('Released despite: Hero could not be loaded to prerender /: ');
    expect(release.output).toContain('Released despite: Hero could not be loaded in Node: ');

    const html = await (await request.get(siteOrigin)).text();
    expect(html).toMatch(
      /<section\b(?=[^>]*data-slot-state="failed")(?=[^>]*data-slot="mf_marketing\/Hero")/,
    );
    expect(html).not.toContain(heroHeading);
    // mf-portfolio's sections were prerendered as usual.
    expect(html).toContain('Our Portfolio');

    await page.goto(siteOrigin);
    await expect(page.getByRole('heading', { level: 1, name: heroHeading })).toBeVisible();
    await expect(page.getByRole('region', { name: anyFallback })).toHaveCount(0);
  });

  /** Adds a line in front of a deployed file that, were the file ever run, would leave a mark on the page. */
  function tamper(file: string, mark: string) {
    writeFileSync(file, `globalThis.${mark}=1;\n${readFileSync(file, 'utf8')}`);
  }

  const portfolioBuild = join(repoRoot, 'mf-portfolio', 'dist');
  const portfolioSlots = routeSlots.home.filter((slot) => slot.remote === 'mf_portfolio');

  test('a chunk altered on the remote’s origin never runs: that remote’s sections stay unhydrated, the rest works, a new release restores it', async ({
    page,
  }) => {
    const { dir, manifest } = liveRelease(deploy, 'mf_portfolio');
    // A chunk the home page's first mf-portfolio section needs beside its own expose chunk (the two sections share
    // none). A file whose bytes are not the released ones refuses the whole remote (integrity-plugin.ts), so
    // both sections fall back.
    const syncOf = (name: string) =>
      manifest.exposes.find((entry) => entry.name === name)?.assets.js.sync ?? [];
    const chunk = syncOf('PortfolioSection').find((file) => !file.includes('__federation_expose_'));
    if (!chunk)
      throw new Error('PortfolioSection has no chunk beside its expose chunk; pick another file to alter');
    tamper(join(dir, chunk), '__agencyTamperedChunk');

    const consoleLines: string[] = [];
    page.on('console', (message) => consoleLines.push(message.text()));
    await page.goto(siteOrigin);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // Its prerendered sections stay, never hydrated: the one with a filter says it is waiting for its code.
    await expect(page.locator('[data-slot-notice][data-slot="mf_portfolio/PortfolioSection"]')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 });
    await expect(page.getByRole('region', { name: anyFallback })).toHaveCount(0);
    for (const slot of portfolioSlots) {
      const element = page.locator(`[data-remote-slot="mf_portfolio/${slot.module}"]`);
      await expect(element).not.toHaveAttribute('data-slot-live');
      await expect(element.getByRole('heading').first()).toBeVisible();
    }
    expect(await page.evaluate(() => '__agencyTamperedChunk' in globalThis)).toBe(false);
    // The console names the remote and the refused file.
    const chunkName = chunk.split('/').pop() ?? '';
    expect(consoleLines.some((line) => line.includes('mf_portfolio') && line.includes(chunkName))).toBe(true);
    // The shell and the other remote still work.
    await expect(page.getByRole('heading', { level: 1, name: heroHeading })).toBeVisible();
    await page.getByTestId('site-header').getByRole('link', { name: 'Contact' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: contactHeroCopy.heading })).toBeVisible();

    // Releasing the same build again finds the folder altered and copies it afresh.
    const release = runScript('release', ['mf-portfolio', '--build-dir', portfolioBuild]);
    expect(release.status, release.output).toBe(0);
    await page.goto(siteOrigin);
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 });
    await expect(page.getByRole('region', { name: anyFallback })).toHaveCount(0);
  });

  test('the prerender step refuses an altered file of a remote and writes its fallback; the browser still loads the released code', async ({
    page,
    request,
  }) => {
    const { dir } = liveRelease(deploy, 'mf_portfolio');
    tamper(join(dir, 'ssr', 'remoteEntry.js'), '__agencyTamperedSsr');
    // Any release regenerates every page: here a rollback of the other remote to its first version.
    const firstMarketing = releaseVersion(join(repoRoot, 'mf-marketing', 'dist'));
    const rollback = runScript('rollback', ['mf-marketing', firstMarketing]);
    expect(rollback.status, rollback.output).toBe(0);
    expect(rollback.output).toContain('ssr/remoteEntry.js differs from what its release recorded (SHA-384)');
    expect(rollback.output).toContain('Prerender: / shows the fallback for mf_portfolio/PortfolioSection');
    expect((globalThis as Record<string, unknown>).__agencyTamperedSsr).toBeUndefined();

    const html = await (await request.get(siteOrigin)).text();
    expect(html).toMatch(
      /<section\b(?=[^>]*data-slot-state="failed")(?=[^>]*data-slot="mf_portfolio\/PortfolioSection")/,
    );
    await page.goto(siteOrigin);
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();

    const release = runScript('release', ['mf-portfolio', '--build-dir', portfolioBuild]);
    expect(release.status, release.output).toBe(0);
    expect(await (await request.get(siteOrigin)).text()).not.toContain('data-slot-state="failed"');
  });
});
