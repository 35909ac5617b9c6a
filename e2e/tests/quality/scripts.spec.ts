import type { Response } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';
import { everyPagePath } from '../../pages/quality.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * A visitor on a slow link pays for every script byte: no page fetches a script twice, or two scripts that
   * carry the same code under different chunk ids (a shared module's provider and fallback chunks, which the
   * shell's build makes one file). Checked at the phone width, scrolled to the end so every slot has loaded.
   */
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) >= 768,
    'the scripts a page loads do not depend on the width',
  );

  /** A chunk's code without what differs between two copies of it: the license banner and its chunk ids. */
  const codeOf = (body: string) =>
    body.replace(/^\/\*! LICENSE: [^*]*\*\/\s*/, '').replace(/\.push\(\[\[[^\]]*\]/, '.push([[]');

  for (const path of everyPagePath) {
    test(`${path} fetches each script once and no two scripts with the same code`, async ({ page }) => {
      const fetched: Promise<{ url: string; code: string }>[] = [];
      const onResponse = (response: Response) => {
        if (response.request().resourceType() !== 'script') return;
        fetched.push(response.text().then((body) => ({ url: response.url(), code: codeOf(body) })));
      };
      page.on('response', onResponse);
      await page.goto(path);
      await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await page.locator('[data-slot-state="loading"]').first().waitFor({ state: 'detached' });
      // Stop listening first: a script that arrives later (the Web Vitals reporter, after idle) would be read after
      // the test ended, and its unread body would fail it.
      page.off('response', onResponse);
      const scripts = await Promise.all(fetched);
      expect(scripts.length).toBeGreaterThan(2);
      const urls = scripts.map((script) => script.url);
      expect(urls.filter((url, index) => urls.indexOf(url) !== index)).toEqual([]);
      const byCode = new Map<string, string>();
      const sameCode: string[] = [];
      for (const { url, code } of scripts) {
        const first = byCode.get(code);
        if (first) sameCode.push(`${url} repeats ${first}`);
        else byCode.set(code, url);
      }
      expect(sameCode).toEqual([]);
    });
  }
});
