import { expect, test } from '../../fixtures.ts';
import { everyPagePath, settle } from '../../pages/quality.ts';

test.describe('', { tag: ['@shell'] }, () => {
  /**
   * Every page's text is drawn from the small faces the page generator preloads or that exist for it (the core
   * Inter face, and the ₹ face on price pages): no page pays for the 48 kB Latin or 85 kB latin-ext file.
   * Checked once, at the phone width, scrolled to the bottom so that every band has been laid out.
   */
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) >= 768,
    'the characters on a page do not depend on the width',
  );

  const smallFaces = /\/inter-(core|rupee)-wght-normal\.[0-9a-f]+\.woff2$/;

  for (const path of everyPagePath) {
    test(`${path} draws its text from the small Inter faces only`, async ({ page }) => {
      await page.goto(path);
      await settle(page);
      await page.evaluate(async () => {
        // A bounded walk, each step given time to lay out: timers run however busy the machine is, while a
        // frame can be long in coming on a loaded CI machine.
        for (let step = 0; step < 60; step += 1) {
          const y = step * window.innerHeight;
          if (y >= document.documentElement.scrollHeight) break;
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await document.fonts.ready;
      });
      const fontFiles = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.endsWith('.woff2')),
      );
      expect(fontFiles.some((url) => url.includes('/inter-core-wght-normal.'))).toBe(true);
      expect(fontFiles.filter((url) => !smallFaces.test(url))).toEqual([]);
    });
  }

  /**
   * The first paint never waits for the web font: a prerendered page paints its text in the metric-matched
   * fallback face, and the page loader switches Inter's @font-face rules on after that paint, so the font is
   * requested after the first contentful paint and the text is drawn in Inter once it has arrived.
   */
  for (const path of ['/', '/portfolio']) {
    test(`${path} paints its text before it fetches Inter, then draws it in Inter`, async ({ page }) => {
      await page.goto(path);
      await settle(page);
      const timing = await page.evaluate(async () => {
        await document.fonts.ready;
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const font = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.includes('/inter-core-wght-normal.'));
        const faces: FontFace[] = [];
        document.fonts.forEach((face) => {
          faces.push(face);
        });
        return {
          paint: paint?.startTime ?? null,
          fontRequested: font?.startTime ?? null,
          media: document.querySelector('style[data-font-faces]')?.getAttribute('media') ?? null,
          interLoaded: faces.some(
            (face) => face.family.replaceAll('"', '') === 'Inter Variable' && face.status === 'loaded',
          ),
        };
      });
      expect(timing.paint).not.toBeNull();
      expect(timing.fontRequested).not.toBeNull();
      expect(timing.fontRequested ?? 0).toBeGreaterThan(timing.paint ?? Number.POSITIVE_INFINITY);
      expect(timing.media).toBe('all');
      expect(timing.interLoaded).toBe(true);
    });
  }
});
