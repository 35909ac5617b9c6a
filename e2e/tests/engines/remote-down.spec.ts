import { join, resolve } from 'node:path';
import { originOf, shell } from 'build-config/topology';
import { toolInstalled } from 'platform-kit/testing/tools';
import { portfolioCopy } from 'shared-content/portfolio';
import { footerCopy, remoteFallbackCopy } from 'shared-content/site';
import { byText, foreignEngines, waitFor, waitForValue } from '../../engines/driver.ts';
import { expect, test } from '../../engines/open.ts';
import { headingShown } from '../../engines/site.ts';
import { type OutageSite, startOutageSite } from '../delivery/outage-site.ts';

/**
 * A remote down, with Retry, in Firefox and WebKit: the Chromium spec (federation/resilience.spec.ts) makes the
 * remote fail inside the browser, which classic WebDriver cannot; here the remote's own server really stops.
 * The site is the outage matrix's (delivery/outage-site.ts: each remote on a static host a test stops and
 * starts) on ports of its own, the suite's base + 200, with its deploy in .data/e2e-engines-outage. Both
 * engines' tests run in order in one worker, as they share the site.
 */
const folder = resolve(import.meta.dirname, '..', '..', '..', '.data', 'e2e-engines-outage');
const env = {
  ...process.env,
  AGENCY_PORT_BASE: String(Number(process.env.AGENCY_PORT_BASE ?? '4100') + 200),
  AGENCY_DEPLOY_DIR: join(folder, 'deploy'),
};
const origin = originOf(shell, env);

test.describe('', { tag: ['@shell'] }, () => {
  test.describe.configure({ mode: 'default', timeout: 90_000 });

  let site: OutageSite | undefined;
  test.beforeAll(async () => {
    site = await startOutageSite({ folder, env });
  });
  test.afterAll(async () => {
    await site?.close();
  });

  for (const engine of foreignEngines) {
    test(`[${engine}] mf_portfolio down on /portfolio: kept content, the fallback after navigating, Retry brings it back`, async ({
      open,
    }) => {
      test.skip(
        !toolInstalled(engine),
        'the engine is missing: npm test installs it with apt (docs/testing.md)',
      );
      if (!site) throw new Error('the outage site did not start');
      await site.stop('mf_portfolio');
      try {
        const driver = await open(engine);
        await driver.goto(`${origin}/portfolio`);
        // Opened prerendered: the section keeps its content while its code cannot load.
        await headingShown(driver, portfolioCopy.heading);
        const fallbackShown = (heading: string) =>
          Array.from(document.querySelectorAll('h1, h2, h3')).some(
            (element) => element.textContent?.trim() === heading && element.getClientRects().length > 0,
          );
        expect(await driver.evaluate(fallbackShown, remoteFallbackCopy.heading)).toBe(false);

        // Routing works while the remote is down; coming back mounts the section anew, and it falls back.
        await driver.click(await byText(driver, 'footer a', footerCopy.privacyLink.name));
        await waitForValue(driver, 'the path', footerCopy.privacyLink.path, () => location.pathname);
        await waitForValue(driver, 'the portfolio gone', false, fallbackShown, portfolioCopy.heading);
        await driver.back();
        await waitFor(driver, 'the fallback', fallbackShown, remoteFallbackCopy.heading);

        // Retry while still down: the fallback again.
        await driver.click(await byText(driver, 'button', remoteFallbackCopy.retry));
        await waitFor(driver, 'the fallback after a failed Retry', fallbackShown, remoteFallbackCopy.heading);

        await site.serve('mf_portfolio');
        await driver.click(await byText(driver, 'button', remoteFallbackCopy.retry));
        await headingShown(driver, portfolioCopy.heading);
        await waitForValue(driver, 'no fallback', false, fallbackShown, remoteFallbackCopy.heading);
      } finally {
        await site.serve('mf_portfolio');
      }
    });
  }
});
