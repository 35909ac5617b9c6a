import { test as siteTest } from '../fixtures.ts';
import type { EngineDriver, ForeignEngine, OpenOptions } from './driver.ts';
import { openFirefox } from './firefox.ts';
import { openWebKit } from './webkit.ts';

export function openEngine(engine: ForeignEngine, options?: OpenOptions): Promise<EngineDriver> {
  return engine === 'firefox' ? openFirefox(options) : openWebKit(options);
}

export interface EngineFixtures {
  /** Opens a browser of the engine; every browser a test opened is closed after it, pass or fail. */
  open: (engine: ForeignEngine, options?: OpenOptions) => Promise<EngineDriver>;
}

/**
 * Playwright Test as the runner of the journeys in Firefox and WebKit: it starts the site, reports and counts
 * the tests; the browsers are the engines' own (driver.ts). The site's fixtures (../fixtures.ts) stay available:
 * a test that asks for `page` gets Chromium, opened only then.
 */
export const test = siteTest.extend<EngineFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  open: async ({}, use) => {
    const opened: EngineDriver[] = [];
    await use(async (engine, options) => {
      const driver = await openEngine(engine, options);
      opened.push(driver);
      return driver;
    });
    await Promise.all(opened.map((driver) => driver.close()));
  },
});

export { expect } from '../fixtures.ts';
