import { test as base, expect, type Page } from '@playwright/test';
import { originOf, type RemoteName, remotes } from 'build-config/topology';
import { HeaderObject } from './pages/header.ts';
import { portBaseEnv } from './sites/port-base.ts';

export type RemoteFailure = 'unreachable' | 'server-error';

/** The server that serves the deploy: the site's own Node host, or Debian's nginx with the generated config. */
export type SiteHost = 'embedded' | 'nginx';

/** Set per project in playwright.config.ts: which host the project tests, on which ports. */
export interface SiteOptions {
  /** AGENCY_PORT_BASE of the project's site: its shell, remotes and API ports derive from it (topology.ts). */
  portBase: number;
  siteHost: SiteHost;
}

export interface SiteFixtures {
  /** A remote's origin on the project's site. */
  remoteOrigin: (name: RemoteName) => string;
}

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

async function breakOrigin(page: Page, origin: string, failure: RemoteFailure) {
  const pattern = `${origin}/**`;
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

export const test = base.extend<Fixtures, SiteOptions & SiteFixtures>({
  // The suite's own site unless a project says otherwise (playwright.config.ts sets AGENCY_PORT_BASE first).
  portBase: [Number(process.env.AGENCY_PORT_BASE ?? '4100'), { option: true, scope: 'worker' }],
  siteHost: ['embedded', { option: true, scope: 'worker' }],
  remoteOrigin: [
    async ({ portBase }, use) => use((name) => originOf(remotes[name], portBaseEnv(portBase))),
    { scope: 'worker' },
  ],
  page: async ({ page, javaScriptEnabled }, use) => {
    await gotoInteractive(page, javaScriptEnabled);
    await use(page);
  },
  header: async ({ page }, use) => use(new HeaderObject(page)),
  breakRemote: async ({ page, remoteOrigin }, use) =>
    use((name, failure) => breakOrigin(page, remoteOrigin(name), failure)),
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
