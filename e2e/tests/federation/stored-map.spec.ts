import type { Page } from '@playwright/test';
import { remoteNames } from 'build-config/topology';
import { expect, type SiteFixtures, test } from '../../fixtures.ts';

/**
 * The last good remote map a browser keeps (localStorage) is used only when /remotes.json cannot be; it must
 * never let a remote script run without its integrity, and it is never written by a page that only read it.
 */
const key = 'agency-remote-map';

const originsOf = (remoteOrigin: SiteFixtures['remoteOrigin']) => remoteNames.map(remoteOrigin);

/** Stores `map` as the last good map before the page's scripts run, and records every later write of it. */
async function storeBeforeScripts(page: Page, map: unknown) {
  await page.addInitScript(
    ({ key, value }) => {
      if (!sessionStorage.getItem('stored')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('stored', 'yes');
      }
      // Every script element added to the page, as it was added (the runtime removes them once run).
      const scripts: Array<{ src: string; integrity: string }> = [];
      (window as unknown as { scriptsAdded: typeof scripts }).scriptsAdded = scripts;
      new MutationObserver((mutations) => {
        for (const mutation of mutations)
          for (const node of Array.from(mutation.addedNodes))
            if (node instanceof HTMLScriptElement && node.src)
              scripts.push({ src: node.src, integrity: node.getAttribute('integrity') ?? '' });
      }).observe(document, { childList: true, subtree: true });
      const writes: string[] = [];
      (window as unknown as { mapWrites: string[] }).mapWrites = writes;
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (name: string, stored: string) {
        if (name === key) writes.push(stored);
        return setItem.call(this, name, stored);
      };
    },
    { key, value: JSON.stringify(map) },
  );
}

/** The remote scripts added to the page, each with its integrity attribute (empty when it had none). */
const remoteScripts = (page: Page, remoteOrigins: readonly string[]) =>
  page.evaluate(
    (origins) =>
      (window as unknown as { scriptsAdded: Array<{ src: string; integrity: string }> }).scriptsAdded.filter(
        (script) => origins.some((origin) => script.src.startsWith(origin)),
      ),
    remoteOrigins,
  );

test.describe('', { tag: ['@shell'] }, () => {
  test('a stored map without integrity, with /remotes.json blocked, runs no remote script and is not saved again', async ({
    page,
    request,
    remoteOrigin,
  }) => {
    const remoteOrigins = originsOf(remoteOrigin);
    const served = (await (await request.get('/remotes.json')).json()) as {
      microFrontends: Record<string, Array<{ metadata: { integrity?: string } }>>;
    };
    // The same versions, their integrity taken out: as a forged or old stored map would have them.
    for (const versions of Object.values(served.microFrontends))
      for (const version of versions) delete version.metadata.integrity;
    await storeBeforeScripts(page, served);
    const remoteScriptRequests: string[] = [];
    page.on('request', (request) => {
      if (
        request.resourceType() === 'script' &&
        remoteOrigins.some((origin) => request.url().startsWith(origin))
      )
        remoteScriptRequests.push(request.url());
    });
    await page.route('**/remotes.json', (route) => route.abort('connectionrefused'));
    await page.goto('/portfolio');
    const slot = page.locator('[data-remote-slot="mf_portfolio/PortfolioPage"]');
    // The section keeps its prerendered content and waits: no map it may use.
    await expect(page.locator('[data-slot-notice][data-slot="mf_portfolio/PortfolioPage"]')).toBeVisible();
    await expect(slot).not.toHaveAttribute('data-slot-live');
    expect(await remoteScripts(page, remoteOrigins)).toEqual([]);
    expect(await page.evaluate((name) => localStorage.getItem(name), key)).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { mapWrites: string[] }).mapWrites)).toEqual([]);
    // Only the page's own preloads went out, each with its release's integrity (deferred-requests.ts).
    const preloads = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')).map(
        (link) => ({
          href: link.href,
          integrity: link.integrity,
        }),
      ),
    );
    for (const url of remoteScriptRequests) {
      expect(preloads.find((preload) => preload.href === url)?.integrity).toMatch(/^sha384-/);
    }
  });

  test('a valid stored map is used while /remotes.json is blocked: every remote script runs with its integrity, and it is not saved again', async ({
    page,
    request,
    remoteOrigin,
  }) => {
    const served = await (await request.get('/remotes.json')).json();
    await storeBeforeScripts(page, served);
    await page.route('**/remotes.json', (route) => route.abort('connectionrefused'));
    await page.goto('/portfolio');
    const slot = page.locator('[data-remote-slot="mf_portfolio/PortfolioPage"]');
    await expect(slot).toHaveAttribute('data-slot-live', '');
    const scripts = await remoteScripts(page, originsOf(remoteOrigin));
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.integrity, script.src).toMatch(/^sha384-/);
    expect(await page.evaluate(() => (window as unknown as { mapWrites: string[] }).mapWrites)).toEqual([]);
    expect(JSON.parse((await page.evaluate((name) => localStorage.getItem(name), key)) ?? '{}')).toEqual(
      served,
    );
  });
});
