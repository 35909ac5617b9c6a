import { readFileSync, writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { RemoteName } from 'build-config/topology';
import { retryPolicy } from 'federation/retry-policy';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { contactHeroCopy } from 'shared-content/contact';
import { heroCopy, servicesCopy } from 'shared-content/marketing';
import { portfolioCopy } from 'shared-content/portfolio';
import { remoteFallbackCopy } from 'shared-content/site';
import { writePages } from 'site-pages/pages';
import { expect, test } from '../../fixtures.ts';
import { slotsOf } from '../hydration/page-slots.ts';
import {
  hideFile,
  incompatibleBuild,
  type OutageSite,
  outageDeploy,
  outageEnv,
  outageOrigin,
  releaseVariant,
  startOutageSite,
  throwingBuild,
} from './outage-site.ts';
import { liveRelease } from './remote-builds.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * The outage matrix with real servers: for each remote, its server stopped, a server that accepts the
   * connection and never answers, HTTP 500 for its manifest, a manifest pointing at a missing chunk, a release
   * whose exposed component throws while rendering in the browser, and a release whose manifest is incompatible.
   * Each time the header, footer, routing and the other remotes keep working; the prerendered section stays and
   * the page is interactive within the documented time (a component that throws falls back, saying so); after a
   * client navigation the fallback shows within that time, and Retry brings the section back without a reload
   * once the remote is back.
   */
  // In order, in one worker (the tests share the site); a failure does not skip the rest of the matrix.
  test.describe.configure({ mode: 'default', timeout: 120_000 });

  /** Documented times to the fallback (docs/deployment.md, "When a remote fails"): fast failures, and a server that hangs. */
  const fastFailureMs = 5_000;
  const neverAnswersMs =
    retryPolicy.attempts * retryPolicy.attemptTimeoutMs +
    retryPolicy.delaysMs.reduce((sum, ms) => sum + ms, 0);

  interface RemoteCase {
    remote: RemoteName;
    /** The route whose first section the remote renders, and that section's expose. */
    path: string;
    expose: string;
    heading: string;
    /** A route another remote renders, reached through the header while this one is down. */
    elsewhere: { link: string; heading: string };
  }

  const cases: RemoteCase[] = [
    {
      remote: 'mf_marketing',
      path: '/',
      expose: 'Hero',
      heading: heroCopy.headline,
      elsewhere: { link: 'Portfolio', heading: portfolioCopy.heading },
    },
    {
      remote: 'mf_portfolio',
      path: '/portfolio',
      expose: 'PortfolioPage',
      heading: portfolioCopy.heading,
      elsewhere: { link: 'Services', heading: servicesCopy.heading },
    },
    {
      remote: 'mf_contact',
      path: '/contact',
      expose: 'ContactPage',
      heading: contactHeroCopy.heading,
      elsewhere: { link: 'Services', heading: servicesCopy.heading },
    },
  ];

  interface Outage {
    name: string;
    /** The remote's code arrives but its component throws: a bug, so even a prerendered section falls back. */
    renderError?: true;
    /** The prerender step refuses the release too, so the page's HTML holds the fallback: nothing to keep. */
    fallbackInHtml?: true;
    /** Starts the outage; returns what ends it (the remote coming back). */
    start(site: OutageSite, remoteCase: RemoteCase): Promise<() => Promise<void> | void>;
    withinMs: number;
  }

  const outages: Outage[] = [
    {
      name: 'its server is stopped',
      withinMs: fastFailureMs,
      async start(site, { remote }) {
        await site.stop(remote);
        return () => site.serve(remote);
      },
    },
    {
      name: 'a server accepts the connection and never answers',
      withinMs: neverAnswersMs + 3_000,
      async start(site, { remote }) {
        await site.hang(remote);
        return () => site.serve(remote);
      },
    },
    {
      name: 'its manifest answers HTTP 500',
      withinMs: fastFailureMs,
      async start(site, { remote }) {
        await site.failManifest(remote, 500);
        return () => site.serve(remote);
      },
    },
    {
      name: 'its manifest points at a missing chunk',
      withinMs: fastFailureMs,
      async start(_site, { remote, expose }) {
        const { dir, manifest } = liveRelease(outageDeploy, remote);
        const chunk = manifest.exposes
          .find((entry) => entry.name === expose)
          ?.assets.js.sync.find((file) => file.includes('__federation_expose_'));
        if (!chunk) throw new Error(`${remote}'s manifest lists no chunk for ${expose}`);
        return hideFile(`${dir}/${chunk}`);
      },
    },
    {
      name: 'a release whose exposed component throws while rendering',
      renderError: true,
      withinMs: fastFailureMs,
      async start(_site, { remote, expose }) {
        return releaseVariant(remote, throwingBuild(remote, expose));
      },
    },
    {
      name: 'a release whose manifest is incompatible',
      fallbackInHtml: true,
      withinMs: fastFailureMs,
      async start(_site, { remote }) {
        return releaseVariant(remote, incompatibleBuild(remote));
      },
    },
  ];

  let site: OutageSite;

  test.beforeAll(async () => {
    site = await startOutageSite();
  });

  test.afterAll(async () => {
    await site?.close();
  });

  // Either heading: the network's ("could not be loaded") or the code's ("is unavailable").
  const fallbackHeadings = new RegExp(
    `^(${remoteFallbackCopy.heading}|${remoteFallbackCopy.unavailableHeading})$`,
  );
  const fallbackOf = (page: Page, slot: string) =>
    page.getByRole('region', { name: fallbackHeadings }).and(page.locator(`[data-slot="${slot}"]`));

  for (const remoteCase of cases) {
    const { remote, path, expose, heading, elsewhere } = remoteCase;
    const slot = `${remote}/${expose}`;

    for (const outage of outages) {
      test(`${remote}: ${outage.name} — the rest works, the fallback shows in time, Retry restores it`, async ({
        page,
      }) => {
        const end = await outage.start(site, remoteCase);
        try {
          const started = Date.now();
          // Not 'load': a preload of a host that never answers holds the load event back.
          await page.goto(`${outageOrigin}${path}`, { waitUntil: 'domcontentloaded' });
          // A section that needs no code never runs it on a page load (islands): a component that throws only
          // in the browser shows its prerendered HTML there, and falls back once mounted by client navigation.
          const keptStatic = outage.renderError && slotsOf(path).static.includes(slot);
          if ((outage.renderError && !keptStatic) || outage.fallbackInHtml) {
            // A component that throws, or a release the shell refuses, is the site's problem, not the network:
            // the fallback says the section is unavailable, not to check the connection.
            await expect(fallbackOf(page, slot)).toBeVisible({ timeout: outage.withinMs });
            await expect(fallbackOf(page, slot)).toContainText(remoteFallbackCopy.unavailableText);
            await expect(fallbackOf(page, slot)).not.toContainText(remoteFallbackCopy.text);
          } else {
            // The prerendered section stays while its code cannot load; the page is interactive in time.
            await page
              .locator('html[data-interactive]')
              .waitFor({ state: 'attached', timeout: outage.withinMs });
            await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
            await expect(fallbackOf(page, slot)).toHaveCount(0);
            await expect(page.locator(`[data-remote-slot="${slot}"]`)).not.toHaveAttribute('data-slot-live');
          }
          const elapsed = Date.now() - started;
          test
            .info()
            .annotations.push({ type: 'time to fallback or interactive', description: `${elapsed} ms` });
          expect(elapsed).toBeLessThanOrEqual(outage.withinMs);

          // The shell stays whole: header, footer, and a route another remote renders.
          await expect(page.getByTestId('site-header')).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeVisible();
          await page.getByTestId('site-header').getByRole('link', { name: elsewhere.link }).first().click();
          await expect(page.getByRole('heading', { level: 1, name: elsewhere.heading })).toBeVisible();
          // Back by client navigation: nothing prerendered to keep, so the section falls back.
          await page.goBack({ waitUntil: 'domcontentloaded' });
          await expect(fallbackOf(page, slot)).toBeVisible({ timeout: outage.withinMs });
        } finally {
          await end();
        }

        // The remote is back: Retry brings the section in place, without a reload.
        await page.evaluate(() => {
          (window as unknown as { samePage: boolean }).samePage = true;
        });
        await fallbackOf(page, slot).getByRole('button', { name: remoteFallbackCopy.retry }).click();
        await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
        await expect(fallbackOf(page, slot)).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
      });
    }
  }

  test('prerendering with a remote down writes its fallback and names it; the browser loads it once it is back', async ({
    page,
  }) => {
    const remote = 'mf_portfolio';
    // The map points at the remote's own server (not at the deploy folder the prerenderer reads by default),
    // as a remote served from another host would be; that server is down while the pages are written.
    const mapFile = `${outageDeploy}/shell/remotes.json`;
    const original = readFileSync(mapFile, 'utf8');
    // (Only that remote's: the others keep being read from the deploy folder, so the prerenderer, which runs
    // while this test process waits for it, never needs a server of this process to answer.)
    const map = JSON.parse(original) as { microFrontends: Record<string, Array<{ url: string }>> };
    const entry = map.microFrontends[remote]?.[0];
    if (!entry?.url) throw new Error(`no entry for ${remote} in the outage site's remotes.json`);
    entry.url = entry.url.replace('http://localhost:', 'http://127.0.0.1:');
    writeFileSync(mapFile, JSON.stringify(map, null, 2));
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...parts: unknown[]) => warnings.push(parts.join(' '));
    try {
      await site.stop(remote);
      writePages(outageDeploy, siteUrlsSetting(outageEnv));
    } finally {
      console.warn = warn;
    }
    try {
      expect(warnings.join('\n')).toContain(
        `Prerender: /portfolio shows the fallback for ${remote}/PortfolioPage`,
      );
      const html = await (await page.request.get(`${outageOrigin}/portfolio`)).text();
      expect(html).toMatch(
        /<section\b(?=[^>]*data-slot-state="failed")(?=[^>]*data-slot="mf_portfolio\/PortfolioPage")/,
      );

      await site.serve(remote);
      await page.goto(`${outageOrigin}/portfolio`);
      await expect(page.getByRole('heading', { level: 1, name: portfolioCopy.heading })).toBeVisible();
      await expect(fallbackOf(page, `${remote}/PortfolioPage`)).toHaveCount(0);
    } finally {
      await site.serve(remote);
      writeFileSync(mapFile, original);
      writePages(outageDeploy, siteUrlsSetting(outageEnv));
    }
  });
});
