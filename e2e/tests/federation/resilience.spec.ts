import type { RemoteName } from 'build-config/topology';
import { slotNoticeCopy } from 'shared-content/site';
import { expect, type RemoteFailure, test } from '../../fixtures.ts';

/** Mounts of mf-marketing on the home page (shell/src/routing/RouteSlots.tsx, from the route table): each falls back on its own. */
const homeMarketingSlots = 7;
const homePortfolioSlots = 2;

/**
 * Where each remote shows, what it shows (in its first slot on the page), how many of its slots the page has,
 * and something on the same page from elsewhere that must survive.
 */
const cases: Array<{
  remote: RemoteName;
  path: string;
  content: string;
  slots: number;
  survivor: string | null;
}> = [
  {
    remote: 'mf_marketing',
    path: '/services',
    content: 'Comprehensive Digital Solutions',
    slots: 1,
    survivor: null,
  },
  { remote: 'mf_portfolio', path: '/portfolio', content: 'Our Portfolio', slots: 1, survivor: null },
  {
    remote: 'mf_contact',
    path: '/contact',
    content: "Let's Build Something Amazing Together",
    slots: 1,
    survivor: null,
  },
  {
    remote: 'mf_marketing',
    path: '/',
    content: 'Elevate Your Business With Premium Digital Services',
    slots: homeMarketingSlots,
    survivor: 'Our Portfolio',
  },
];

const fallbackHeading = 'This section could not be loaded';
const failures: RemoteFailure[] = ['unreachable', 'server-error'];

test.describe('', { tag: ['@shell'] }, () => {
  for (const { remote, path, content, slots, survivor } of cases) {
    for (const failure of failures) {
      test(`${remote} on ${path} ${failure}: fallback, the rest works, Retry succeeds once it is back`, async ({
        page,
        breakRemote,
      }) => {
        const restore = await breakRemote(remote, failure);
        await page.goto(path);
        // Opened prerendered: the remote's sections keep their content while their code cannot load.
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        const fallbacks = page.getByRole('region', { name: fallbackHeading });
        await expect(fallbacks).toHaveCount(0);
        await expect(page.getByRole('heading', { name: content })).toBeVisible();
        await expect(page.getByTestId('site-header')).toBeVisible();
        await expect(page.getByRole('contentinfo')).toBeVisible();
        if (survivor) await expect(page.getByRole('heading', { name: survivor })).toBeVisible();

        // Routing still works while the remote is down; a section mounted by client navigation, with nothing
        // prerendered to keep, falls back.
        await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
        await expect(page).toHaveURL('/privacy-policy');
        // The address changes before the route does (a transition): going back before the page has been left
        // would return to the first page's still-mounted sections rather than mount them anew.
        await expect(page.getByRole('heading', { name: content })).toHaveCount(0);
        await page.goBack();
        await expect(fallbacks).toHaveCount(slots);
        // Follow the remote's first slot; its Retry retries every failed slot of the same remote.
        const slot = await fallbacks.first().getAttribute('data-slot');
        const fallback = page.locator(`[data-slot="${slot}"]`);
        await expect(fallback).toBeVisible();
        await expect(page.getByRole('heading', { name: content })).toHaveCount(0);

        // A Retry while still down fails again, visibly.
        await fallback.getByRole('button', { name: 'Retry' }).click();
        await expect(fallback).toBeVisible();

        await restore();
        await fallback.getByRole('button', { name: 'Retry' }).click();
        await expect(page.getByRole('heading', { name: content })).toBeVisible();
        await expect(fallbacks).toHaveCount(0);
      });
    }
  }

  test('the shell starts and routes with every remote down', async ({ page, breakRemote }) => {
    for (const remote of ['mf_marketing', 'mf_portfolio', 'mf_contact'] as const)
      await breakRemote(remote, 'unreachable');
    await page.goto('/');
    // The prerendered sections stay; only client navigation below shows a fallback.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.locator('[data-remote-slot]')).toHaveCount(homeMarketingSlots + homePortfolioSlots);
    await expect(page.getByRole('region', { name: fallbackHeading })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: /Elevate Your Business/ })).toBeVisible();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms-conditions');
    await expect(page.getByRole('region', { name: fallbackHeading })).toHaveCount(1);
    await page.goto('/missing');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('a placeholder holds the space while a remote loads', async ({ page }) => {
    // Pages arrive prerendered, so a placeholder shows on client-side navigation to sections not loaded yet.
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Send Your Query' })).toBeVisible();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/mf-manifest.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Home', exact: true }).click();
    const placeholder = page.locator('[data-slot-state="loading"]').first();
    await expect(placeholder).toBeVisible();
    const box = await placeholder.boundingBox();
    expect(box?.height).toBeGreaterThan(500);
    release();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-slot-state="loading"]')).toHaveCount(0);
  });

  test('mf_portfolio down on the home page: both its sections stay, the filter says it waits, one Try now brings it live', async ({
    page,
    breakRemote,
  }) => {
    const restore = await breakRemote('mf_portfolio', 'unreachable');
    await page.goto('/');
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expect(page.getByRole('region', { name: fallbackHeading })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: /Elevate Your Business/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Portfolio' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Our Process' })).toBeVisible();
    const notice = page.locator('[data-slot-notice][data-slot="mf_portfolio/PortfolioSection"]');
    await expect(notice).toHaveCount(1);
    await restore();
    await notice.getByRole('button', { name: slotNoticeCopy.retry }).click();
    await expect(page.locator('[data-remote-slot="mf_portfolio/PortfolioSection"]')).toHaveAttribute(
      'data-slot-live',
      '',
    );
    // Our Process needs no code: it keeps its prerendered HTML, and the remote's return changes nothing there.
    await expect(page.locator('[data-remote-slot="mf_portfolio/ProcessSection"]')).toHaveAttribute(
      'data-slot-static',
      '',
    );
    await expect(page.getByRole('heading', { name: 'Our Process' })).toBeVisible();
    await expect(page.locator('[data-slot-notice]')).toHaveCount(0);
  });

  test('a failed page-sized section falls back in a compact box, not its full reserved height', async ({
    page,
    breakRemote,
  }) => {
    await breakRemote('mf_marketing', 'unreachable');
    // Mounted by client navigation (nothing prerendered to keep), so it falls back.
    await page.goto('/portfolio');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    const fallback = page.getByRole('region', { name: fallbackHeading });
    await expect(fallback).toBeVisible();
    const box = await fallback.boundingBox();
    expect(box?.height).toBeLessThanOrEqual(560);
  });
});
