import type { Page } from '@playwright/test';

/**
 * Opens a page the way a slow phone sees it: the prerendered HTML is there, the page loader runs (it is what
 * holds early input), but every other script is held back until `release` is called, and the CPU runs four
 * times slower. Resolves once the page loader has started, so input can be given before anything is live.
 */
export async function openWithScriptsHeld(page: Page, path: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith('.js') && !/\/page-loader\.[0-9a-f]+\.js$/.test(url.pathname),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => 'agencyPageLoader' in window);
  return {
    release,
    /** Resolves once the shell and every slot on screen are live. */
    interactive: () => page.locator('html[data-interactive]').waitFor({ state: 'attached' }),
  };
}
