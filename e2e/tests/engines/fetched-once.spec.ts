import { toolInstalled } from 'platform-kit/testing/tools';
import { openFirefox } from '../../engines/firefox.ts';
import { expect, test } from '../../engines/open.ts';

/**
 * Each file a page needs is downloaded once, in Chromium (Playwright) and in Firefox (puppeteer-core's BiDi
 * network events): Firefox used to fetch /remotes.json and /runtime.json twice, a preload and a `no-store`
 * fetch it did not match to it (shell/src/config/fetch-config.ts). GET requests are counted from the start of
 * the page until it is interactive and none has started for a second and a half: in Chromium every request, in
 * Firefox every response from the network (it reports a preloaded script again when the page runs it, served
 * from its cache: no second download).
 */
const paths = ['/', '/portfolio', '/contact'];
const quietMs = 1_500;
const settleLimitMs = 15_000;

/** Waits until `requests` has not grown for `quietMs` (at most `settleLimitMs`). */
async function settled(requests: readonly string[]) {
  const deadline = Date.now() + settleLimitMs;
  let seen = -1;
  while (seen !== requests.length && Date.now() < deadline) {
    seen = requests.length;
    await new Promise((done) => setTimeout(done, quietMs));
  }
}

/** The URLs requested more than once, with their counts. */
function fetchedTwice(requests: readonly string[]) {
  const counts = new Map<string, number>();
  for (const url of requests) counts.set(url, (counts.get(url) ?? 0) + 1);
  return Object.fromEntries([...counts].filter(([, count]) => count > 1));
}

const isFile = (url: string) => url.startsWith('http');

test.describe('', { tag: ['@composition'] }, () => {
  for (const path of paths) {
    test(`[chromium] ${path} fetches each file once`, async ({ page, baseURL }) => {
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'GET' && isFile(request.url())) requests.push(request.url());
      });
      await page.goto(`${baseURL}${path}`);
      await settled(requests);
      expect(requests.length, 'requests seen').toBeGreaterThan(5);
      expect(requests).toContain(`${baseURL}/remotes.json`);
      expect(fetchedTwice(requests), '[chromium] files fetched more than once').toEqual({});
    });
  }
});

test.describe('', { tag: ['@composition'] }, () => {
  test.skip(!toolInstalled('firefox'), 'Firefox is missing: npm test installs it with apt (docs/testing.md)');

  for (const path of paths) {
    test(`[firefox] ${path} fetches each file once`, async ({ baseURL }) => {
      const firefox = await openFirefox();
      try {
        await firefox.goto(`${baseURL}${path}`);
        await settled(firefox.downloads);
        const files = firefox.downloads.filter(isFile);
        expect(files.length, 'requests seen').toBeGreaterThan(5);
        expect(files).toContain(`${baseURL}/remotes.json`);
        expect(fetchedTwice(files), '[firefox] files fetched more than once').toEqual({});
      } finally {
        await firefox.close();
      }
    });
  }
});
