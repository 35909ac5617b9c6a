import type { Browser } from 'playwright-core';

/** The longest a warm-up load waits for every slot to be live; a page that never gets there is measured as is. */
const hydratedTimeoutMs = 20_000;

/**
 * Every file is served at its best compression from the first request (publishing writes its brotli and gzip
 * forms: deploy-folder's src/precompress.ts). One untimed load of every page, scrolled to its end so that every slot's code is
 * fetched: every measured run meets a warm server (files in the disk cache, the host's validators computed),
 * as every visitor after the first does.
 */
export async function warmUp(browser: Browser, urls: readonly string[]): Promise<void> {
  const context = await browser.newContext();
  try {
    for (const url of urls) {
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page
        .waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
          timeout: hydratedTimeoutMs,
        })
        .catch(() => undefined);
      await page.close();
    }
  } finally {
    await context.close();
  }
}
