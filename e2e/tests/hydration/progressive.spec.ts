import type { Page } from '@playwright/test';
import { servicesCopy } from 'shared-content/marketing';
import { allRoutePaths, remoteFallbackCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { consoleProblems, openAndMarkPrerendered } from '../prerender/prerendered-page.ts';

/**
 * Progressive hydration: every slot keeps its prerendered HTML and is hydrated on its own, when it is near
 * the viewport, reached for, or the browser is idle. These tests look at the page as a whole once every slot
 * is live, at a slot scrolled to, and at a slot whose remote fails before it could hydrate.
 */

async function scrollToEnd(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
}

test.describe('', { tag: ['@composition'] }, () => {
  for (const path of allRoutePaths()) {
    test(`${path}: every slot hydrates its prerendered HTML, keeping its nodes, with no warning`, async ({
      page,
    }) => {
      const problems = consoleProblems(page);
      const { release } = await openAndMarkPrerendered(page, path);
      release();
      await scrollToEnd(page);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const slots = page.locator('[data-remote-slot]');
      const count = await slots.count();
      expect(count).toBeGreaterThan(0);
      await expect(page.locator('[data-remote-slot][data-slot-live]')).toHaveCount(count);
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

  test('on a CPU eight times slower, where the page has loaded long before the shell hydrates, every slot still hydrates', async ({
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
    const slots = page.locator('[data-remote-slot]');
    await expect(page.locator('[data-remote-slot][data-slot-live]')).toHaveCount(await slots.count());
  });

  test('a slot out of view is left as HTML until it is scrolled to, then hydrates without a layout shift', async ({
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
    await page.route(/__federation_expose_PricingSection\.[0-9a-f]+\.js$/, async (route) => {
      requested.push(route.request().url());
      await held;
      await route.continue();
    });
    await page.goto('/');
    const pricing = page.locator('[data-remote-slot="mf_marketing/PricingSection"]');
    await expect(pricing).not.toHaveAttribute('data-slot-live');
    expect(requested).toEqual([]);
    await pricing.scrollIntoViewIfNeeded();
    await expect.poll(() => requested.length).toBe(1);
    // Laid out on screen, still the prerendered HTML: where it and the next section are now.
    const next = page.locator('[data-remote-slot="mf_marketing/TestimonialsSection"]');
    const boxes = async () => ({
      pricing: await pricing.boundingBox(),
      nextTop: (await next.boundingBox())?.y,
    });
    const before = await boxes();
    release();
    await expect(pricing).toHaveAttribute('data-slot-live', '');
    expect(await boxes()).toEqual(before);
    await expect(pricing.getByRole('heading', { level: 2 }).first()).toBeVisible();
  });

  test('a remote that fails before its slot hydrated keeps the prerendered section, never falling back; the rest works', async ({
    page,
    header,
    breakRemote,
  }) => {
    await breakRemote('mf_marketing', 'unreachable');
    await page.goto('/services', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: servicesCopy.heading });
    await expect(heading).toBeVisible();
    await page.locator('html[data-shell-live]').waitFor({ state: 'attached' });
    // Its retries are over (the page is marked interactive), and well past that the section is still there.
    await expect(page.locator('html[data-interactive]')).toBeAttached();
    await page.waitForTimeout(5_000);
    for (const name of [remoteFallbackCopy.heading, remoteFallbackCopy.unavailableHeading])
      await expect(page.getByRole('heading', { name })).toHaveCount(0);
    await expect(heading).toBeVisible();
    await expect(page.locator('[data-remote-slot="mf_marketing/ServicesPage"]')).not.toHaveAttribute(
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
