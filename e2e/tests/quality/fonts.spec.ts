import { expect, test } from '../../fixtures.ts';
import { everyPagePath, settle } from '../../pages/quality.ts';

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
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
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
