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
});
