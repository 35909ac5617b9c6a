import { test as base, expect, type Page } from '@playwright/test';
import { originOf, type RemoteName, remotes } from 'build-config/topology';
import { HeaderObject } from './pages/header.ts';

export type RemoteFailure = 'unreachable' | 'server-error';

export interface Fixtures {
  /** The site's header, as a visitor operates it. */
  header: HeaderObject;
  /**
   * Makes a remote's origin fail in the browser: connection refused, or every file answering 500.
   * Returns a function that brings the remote back.
   */
  breakRemote: (name: RemoteName, failure: RemoteFailure) => Promise<() => Promise<void>>;
  /** Console errors and uncaught page errors seen during the test. */
  consoleErrors: string[];
}

export const remoteOrigin = (name: RemoteName) => originOf(remotes[name]);

async function breakOrigin(page: Page, name: RemoteName, failure: RemoteFailure) {
  const pattern = `${remoteOrigin(name)}/**`;
  await page.route(pattern, (route) =>
    failure === 'unreachable'
      ? route.abort('connectionrefused')
      : route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  );
  return () => page.unroute(pattern);
}

/**
 * Pages arrive prerendered: everything shows before the scripts have run, but buttons work only once React has
 * hydrated the page. So a navigation by page.goto also waits for <html data-interactive> (InteractiveMark),
 * unless the test asked only for the response ('commit') or runs without JavaScript.
 */
async function gotoInteractive(page: Page, javaScriptEnabled: boolean) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (javaScriptEnabled && options?.waitUntil !== 'commit') {
      // Only the site's pages have a #root to hydrate (a remote's bare origin, for one, has none).
      await page.waitForFunction(
        () => !document.getElementById('root') || document.documentElement.hasAttribute('data-interactive'),
      );
    }
    return response;
  };
}

export const test = base.extend<Fixtures>({
  page: async ({ page, javaScriptEnabled }, use) => {
    await gotoInteractive(page, javaScriptEnabled);
    await use(page);
  },
  header: async ({ page }, use) => use(new HeaderObject(page)),
  breakRemote: async ({ page }, use) => use((name, failure) => breakOrigin(page, name, failure)),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});

export { expect };
