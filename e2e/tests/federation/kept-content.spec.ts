import type { Page } from '@playwright/test';
import type { RemoteName } from 'build-config/topology';
import { remoteFallbackCopy, slotNoticeCopy } from 'shared-content/site';
import { expect, type SiteFixtures, test } from '../../fixtures.ts';

/**
 * A visitor on a flaky network: a prerendered section is never taken away by a failure to load its code. For
 * each of /remotes.json, a remote's host and /runtime.json failing, on /, /portfolio and /contact, the
 * prerendered text stays (well past the time the fallback box used to replace it), a link in it navigates, a
 * section that needs its code to act (a form, a filter) shows a notice beside it, and once the network is
 * back the section becomes live without a reload.
 */

type Failure = 'remotes.json' | 'remote host' | 'runtime.json';

/** Well past the old replacement (about 2 s after the page opened) and a few background rounds. */
const waitMs = 10_000;

interface PageCase {
  path: string;
  /** The remote whose host fails. */
  remote: RemoteName;
  /** Slots that need their code to act and lose it under each failure. */
  needsCode: Record<Failure, string[]>;
}

const cases: PageCase[] = [
  {
    path: '/',
    remote: 'mf_portfolio',
    needsCode: {
      'remotes.json': ['mf_portfolio/PortfolioSection', 'mf_marketing/ClientCarousel'],
      'remote host': ['mf_portfolio/PortfolioSection'],
      'runtime.json': [],
    },
  },
  {
    path: '/portfolio',
    remote: 'mf_portfolio',
    needsCode: {
      'remotes.json': ['mf_portfolio/PortfolioPage'],
      'remote host': ['mf_portfolio/PortfolioPage'],
      'runtime.json': [],
    },
  },
  {
    path: '/contact',
    remote: 'mf_contact',
    needsCode: {
      'remotes.json': ['mf_contact/ContactPage'],
      'remote host': ['mf_contact/ContactPage'],
      'runtime.json': ['mf_contact/ContactPage'],
    },
  },
];

async function fail(
  page: Page,
  failure: Failure,
  remote: RemoteName,
  remoteOrigin: SiteFixtures['remoteOrigin'],
): Promise<() => Promise<void>> {
  const pattern =
    failure === 'remote host'
      ? `${remoteOrigin(remote)}/**`
      : failure === 'remotes.json'
        ? '**/remotes.json'
        : '**/runtime.json';
  await page.route(pattern, (route) => route.abort('connectionrefused'));
  return () => page.unroute(pattern);
}

/** Each slot's text and first heading, as the page holds them now. */
const slotTexts = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-remote-slot]')).map((slot) => ({
      slot: slot.getAttribute('data-remote-slot'),
      heading: slot.querySelector('h1, h2')?.textContent ?? null,
      // Without the notice the shell may have added beside the content.
      length: Array.from(slot.children)
        .filter((child) => !child.matches('[data-slot-notice], :has([data-slot-notice])'))
        .reduce((sum, child) => sum + (child.textContent?.length ?? 0), 0),
    })),
  );

const noticeOf = (page: Page, slot: string) =>
  page.getByRole('status').and(page.locator(`[data-slot-notice][data-slot="${slot}"]`));

test.describe('', { tag: ['@shell'] }, () => {
  for (const { path, remote, needsCode } of cases) {
    for (const failure of ['remotes.json', 'remote host', 'runtime.json'] as const) {
      test(`${path} with ${failure === 'remote host' ? `${remote}'s host` : failure} failing keeps its prerendered sections, and they come live once it is back`, async ({
        page,
        remoteOrigin,
      }) => {
        test.setTimeout(60_000);
        const restore = await fail(page, failure, remote, remoteOrigin);
        await page.goto(path, { waitUntil: 'commit' });
        await page.locator('footer').waitFor({ state: 'attached' });
        const before = await slotTexts(page);
        expect(before.every(({ length }) => length > 0)).toBe(true);
        // The page still becomes interactive: a section waiting for its code does not hold the mark back.
        await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
        await page.waitForTimeout(waitMs);
        // Scrolled through, so every section is wanted (and has tried its code) at least once.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForTimeout(2_000);
        await page.evaluate(() => window.scrollTo(0, 0));

        expect(await slotTexts(page)).toEqual(before);
        for (const name of [remoteFallbackCopy.heading, remoteFallbackCopy.unavailableHeading])
          await expect(page.getByRole('region', { name })).toHaveCount(0);
        for (const slot of needsCode[failure]) {
          await expect(noticeOf(page, slot)).toHaveText(new RegExp(slotNoticeCopy.text));
        }
        await expect(page.locator('[data-slot-notice]')).toHaveCount(needsCode[failure].length);

        // The network is back: the browser says so, and every section that needs its code hydrates in place,
        // the same page (a static section keeps its HTML without code, as on any page load).
        await page.evaluate(() => {
          (window as unknown as { samePage: boolean }).samePage = true;
        });
        await restore();
        await page.context().setOffline(true);
        await page.context().setOffline(false);
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await expect(
          page.locator('[data-remote-slot]:not([data-slot-live]):not([data-slot-static])'),
        ).toHaveCount(0, {
          timeout: 20_000,
        });
        await expect(page.locator('[data-slot-notice]')).toHaveCount(0);
        expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
        expect((await slotTexts(page)).map(({ heading }) => heading)).toEqual(
          before.map(({ heading }) => heading),
        );
      });
    }
  }

  test('a link in a section whose code cannot load navigates, and a tap held for it is not lost', async ({
    page,
    remoteOrigin,
  }) => {
    test.setTimeout(60_000);
    await fail(page, 'remote host', 'mf_portfolio', remoteOrigin);
    await page.goto('/portfolio');
    const slot = page.locator('[data-remote-slot="mf_portfolio/PortfolioPage"]');
    await expect(noticeOf(page, 'mf_portfolio/PortfolioPage')).toBeVisible();
    // A tap on a filter chip is held (the page loader), not performed on HTML that has no code yet.
    const chip = slot.getByRole('button', { name: 'WordPress' });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'false');
    const link = slot.locator('a[href^="/"]').first();
    const href = await link.getAttribute('href');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href?.replace(/[?]/g, '\\?')}$`));
  });

  test('with nothing done, the background retry alone brings a section back', async ({
    page,
    remoteOrigin,
  }) => {
    test.setTimeout(90_000);
    const restore = await fail(page, 'remotes.json', 'mf_portfolio', remoteOrigin);
    await page.goto('/portfolio');
    const slot = page.locator('[data-remote-slot="mf_portfolio/PortfolioPage"]');
    await expect(noticeOf(page, 'mf_portfolio/PortfolioPage')).toBeVisible();
    // Taps held while the code was missing are performed once it arrives.
    await slot.getByRole('button', { name: 'WordPress' }).click();
    await page.waitForTimeout(waitMs);
    await restore();
    await expect(slot).toHaveAttribute('data-slot-live', '', { timeout: 45_000 });
    await expect(slot.getByRole('button', { name: 'WordPress' })).toHaveAttribute('aria-pressed', 'true');
  });
});
