import { contactHeroCopy } from 'shared-content/contact';
import { allRoutePaths, remoteFallbackCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { consoleProblems, openAndMarkPrerendered } from '../prerender/prerendered-page.ts';
import { scrollToEnd, slotsOf } from './page-slots.ts';

/**
 * Progressive hydration: every slot keeps its prerendered HTML; a slot that needs its code (`needsCode`) is
 * hydrated on its own, when it is near the viewport, reached for, or the browser is idle, and a static slot
 * keeps its HTML for good (islands.spec.ts checks that its code is never fetched). These tests look at the
 * page as a whole once every needs-code slot is live, at a slot scrolled to, and at a slot whose remote fails
 * before it could hydrate.
 */

test.describe('', { tag: ['@composition'] }, () => {
  for (const path of allRoutePaths()) {
    test(`${path}: every needs-code slot hydrates its prerendered HTML and every static slot keeps it, keeping its nodes, with no warning`, async ({
      page,
    }) => {
      const slots = slotsOf(path);
      const problems = consoleProblems(page);
      const { release } = await openAndMarkPrerendered(page, path);
      release();
      await scrollToEnd(page);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await expect(page.locator('[data-remote-slot]')).toHaveCount(
        slots.needsCode.length + slots.static.length,
      );
      for (const slot of slots.needsCode)
        await expect(page.locator(`[data-remote-slot="${slot}"]`), slot).toHaveAttribute(
          'data-slot-live',
          '',
        );
      await expect(page.locator('[data-remote-slot][data-slot-live]')).toHaveCount(slots.needsCode.length);
      for (const slot of slots.static)
        await expect(page.locator(`[data-remote-slot="${slot}"]`), slot).toHaveAttribute(
          'data-slot-static',
          '',
        );
      // Every element a slot showed before its code arrived is still the same node (nothing was rendered anew).
      const replaced = await page.evaluate(
        () =>
          Array.from(document.querySelectorAll('[data-remote-slot] > *')).filter(
            (element) => !element.hasAttribute('data-prerendered'),
          ).length,
      );
      expect(replaced).toBe(0);
      expect(problems).toEqual([]);
    });
  }

  test('on a CPU eight times slower, where the page has loaded long before the shell hydrates, every needs-code slot still hydrates', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    const { release } = await openAndMarkPrerendered(page, '/');
    release();
    await scrollToEnd(page);
    // Idle hydration starts once the shell has hydrated, not at the load event with no slot tracked yet.
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 45_000 });
    const { needsCode } = slotsOf('/');
    for (const slot of needsCode)
      await expect(page.locator(`[data-remote-slot="${slot}"]`), slot).toHaveAttribute('data-slot-live', '');
    await expect(page.locator('[data-remote-slot][data-slot-live]')).toHaveCount(needsCode.length);
  });

  test('a needs-code slot out of view is left as HTML until it is scrolled to, then hydrates without a layout shift', async ({
    page,
  }) => {
    // No idle periods here, so only scrolling can bring the slot to life; its code is held until measured.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requested: string[] = [];
    await page.route(/__federation_expose_PortfolioSection\.[0-9a-f]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto('/');
    const portfolio = page.locator('[data-remote-slot="mf_portfolio/PortfolioSection"]');
    await expect(portfolio).not.toHaveAttribute('data-slot-live');
    expect(requested).toEqual([]);
    await portfolio.scrollIntoViewIfNeeded();
    await expect.poll(() => requested.length).toBe(1);
    // Laid out on screen, still the prerendered HTML: where it and the next section are now.
    const next = page.locator('[data-remote-slot="mf_portfolio/ProcessSection"]');
    const boxes = async () => ({
      portfolio: await portfolio.boundingBox(),
      nextTop: (await next.boundingBox())?.y,
    });
    const before = await boxes();
    release();
    await expect(portfolio).toHaveAttribute('data-slot-live', '');
    expect(await boxes()).toEqual(before);
    await expect(portfolio.getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test('a remote that fails before its slot hydrated keeps the prerendered section, never falling back; the rest works', async ({
    page,
    header,
    breakRemote,
  }) => {
    // A needs-code slot: a static one never asks its remote for anything on a page load.
    await breakRemote('mf_contact', 'unreachable');
    await page.goto('/contact', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: contactHeroCopy.heading });
    await expect(heading).toBeVisible();
    await page.locator('html[data-shell-live]').waitFor({ state: 'attached' });
    // Its retries are over (the notice beside it says its code cannot load: /contact's code loads when reached
    // or at idle, so the page is marked interactive before), and well past that the section is still there.
    await expect(page.locator('html[data-interactive]')).toBeAttached();
    await expect(page.locator('[data-slot-notice][data-slot="mf_contact/ContactPage"]')).toBeVisible({
      timeout: 15_000,
    });
    await page.waitForTimeout(5_000);
    for (const name of [remoteFallbackCopy.heading, remoteFallbackCopy.unavailableHeading])
      await expect(page.getByRole('heading', { name })).toHaveCount(0);
    await expect(heading).toBeVisible();
    await expect(page.locator('[data-remote-slot="mf_contact/ContactPage"]')).not.toHaveAttribute(
      'data-slot-live',
    );
    if (await header.menuToggle.isVisible()) {
      await header.openDrawer();
      await expect(header.drawer).toBeVisible();
    } else {
      await header.desktopNav.getByRole('link', { name: 'Portfolio' }).click();
      await expect(page).toHaveURL(/\/portfolio$/);
    }
  });
});
