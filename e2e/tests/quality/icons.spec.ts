import { expect, test } from '../../fixtures.ts';
import { settle } from '../../pages/quality.ts';

test.describe('', { tag: ['@shell'] }, () => {
  /**
   * A prerendered page's tab icons are not in its HTML head, where the browser would fetch them before the first
   * paint: the page loader adds them once that paint is reported, so every page still ends with the site's icons.
   */
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'the icons do not depend on the width');

  for (const path of ['/', '/services']) {
    test(`${path} gets its tab icons after its first paint`, async ({ page, request }) => {
      const html = await (await request.get(path)).text();
      expect(html).not.toMatch(/<link[^>]*rel="icon"/);

      await page.goto(path);
      await settle(page);
      const icons = await page.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        const svg = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('/favicon.svg'));
        const links = Array.from(document.head.querySelectorAll('link[rel="icon"]'));
        return { paint, links: links.map((link) => link.getAttribute('href')), svgRequested: svg?.startTime };
      });
      expect(icons.links).toEqual(['/favicon.ico', '/favicon.svg']);
      // Chrome's own favicon fetches may not appear as resource entries; when one does, it follows the paint.
      if (icons.svgRequested !== undefined) expect(icons.svgRequested).toBeGreaterThan(icons.paint ?? 0);
    });
  }

  /**
   * With no icon in its head Chrome fetches /favicon.ico by itself once the load event has fired, which on a fast
   * start comes before the largest paint: Lighthouse counted that request as one the paint waited for (160 ms on
   * its phone profile). So at the load event the head always has an icon: the real ones when the paint has come
   * first, otherwise one that needs no request.
   */
  for (const path of ['/', '/contact']) {
    test(`${path} never leaves the browser without a tab icon at its load event`, async ({ page }) => {
      await page.addInitScript(() => {
        window.addEventListener('load', () => {
          const links = Array.from(document.head.querySelectorAll('link[rel="icon"]'));
          document.documentElement.dataset.iconsAtLoad = JSON.stringify(
            links.map((link) => link.getAttribute('href')),
          );
        });
      });
      await page.goto(path);
      await settle(page);
      await page.waitForFunction(() => document.readyState === 'complete');
      const atLoad: string[] = JSON.parse(
        (await page.locator('html').getAttribute('data-icons-at-load')) ?? '[]',
      );
      const placeholderOnly = atLoad.length === 1 && /^data:image\/svg\+xml,/.test(atLoad[0] ?? '');
      const realIcons = atLoad.join(' ') === '/favicon.ico /favicon.svg';
      expect(
        placeholderOnly || realIcons,
        `the head's icons at the load event: ${JSON.stringify(atLoad)}`,
      ).toBe(true);
    });
  }
});
