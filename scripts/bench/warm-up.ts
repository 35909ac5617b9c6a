import type { Browser } from 'playwright-core';
import { compressionSettled } from '../lib/static-host.ts';

/** The longest a warm-up load waits for every slot to be live; a page that never gets there is measured as is. */
const hydratedTimeoutMs = 20_000;

/**
 * The static host compresses each file at its best quality once it has been asked for (lib/static-host.ts).
 * One untimed load of every page, scrolled to its end so that every slot's code is fetched, then the
 * compressions finished: every measured run gets the bodies that every visitor after the first gets.
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
  await compressionSettled();
}
