import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.ts';

/**
 * A transient failure to load a remote's files is retried before any fallback shows. The page records whether
 * a fallback ever appeared, so a fallback that flashed and went away fails the test too.
 */
async function recordFallbacks(page: Page) {
  await page.addInitScript(() => {
    const seen = { fallback: false };
    (window as unknown as { slotFallbackSeen: typeof seen }).slotFallbackSeen = seen;
    new MutationObserver(() => {
      if (document.querySelector('[data-slot-state="failed"]')) seen.fallback = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { slotFallbackSeen: { fallback: boolean } }).slotFallbackSeen.fallback,
    );
}

/** Makes the first two requests for the matching file fail, the way a flaky network or CDN edge would. */
async function failTwice(page: Page, pattern: RegExp, failure: 'server-error' | 'connection-reset') {
  let failures = 0;
  let requests = 0;
  await page.route(pattern, async (route) => {
    requests += 1;
    if (failures >= 2) return route.continue();
    failures += 1;
    if (failure === 'server-error') return route.fulfill({ status: 503, body: 'Service Unavailable' });
    return route.abort('connectionreset');
  });
  return () => requests;
}

const cases = [
  { file: 'its manifest', pattern: /mf-manifest\.json$/, failure: 'server-error' },
  {
    file: 'its remote entry',
    pattern: /\/static\/js\/mf_marketing\.[0-9a-f]+\.js$/,
    failure: 'connection-reset',
  },
] as const;

test.describe('', { tag: ['@shell'] }, () => {
  for (const { file, pattern, failure } of cases) {
    test(`mf_marketing failing twice to serve ${file}, then succeeding: the hero shows, no fallback`, async ({
      page,
      remoteOrigin,
    }) => {
      const fallbackSeen = await recordFallbacks(page);
      const requests = await failTwice(
        page,
        new RegExp(`^${remoteOrigin('mf_marketing')}/.*${pattern.source}`),
        failure,
      );
      await page.goto('/');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Elevate Your Business With Premium Digital Services' }),
      ).toBeVisible();
      // The heading is in the prerendered HTML; the browser's own load of mf_marketing succeeds on the third try.
      await expect.poll(requests).toBe(3);
      await page.waitForLoadState('networkidle');
      expect(await fallbackSeen()).toBe(false);
      await expect(page.getByRole('region', { name: 'This section could not be loaded' })).toHaveCount(0);
    });
  }
});
