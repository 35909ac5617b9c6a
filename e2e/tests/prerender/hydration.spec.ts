import type { Page } from '@playwright/test';
import { heroCopy } from 'shared-content/marketing';
import { allRoutePaths, footerCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { PortfolioObject } from '../../pages/portfolio.ts';
import { consoleProblems, openAndMarkPrerendered } from './prerendered-page.ts';

/**
 * The browser takes over the prerendered HTML instead of replacing it: the elements a visitor already sees
 * stay the same DOM nodes, and React reports no hydration mismatch (it logs one as a console error).
 */

/**
 * Opens a path with the shell's entry script held back, marks every element of the prerendered page, then
 * lets the script run and waits until the page is hydrated (no slot loading, the header reacts to input).
 */
async function openHydrated(page: Page, path: string, beforeScripts?: () => Promise<void>) {
  const { marked, release } = await openAndMarkPrerendered(page, path);
  await beforeScripts?.();
  release();
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await expect(page.locator('[data-slot-state="loading"]')).toHaveCount(0);
  return marked;
}

test.describe('', { tag: ['@composition'] }, () => {
  for (const path of [...allRoutePaths(), '/no-such-page']) {
    test(`${path} hydrates its prerendered HTML without a mismatch`, { tag: '@smoke' }, async ({ page }) => {
      const problems = consoleProblems(page);
      const marked = await openHydrated(page, path);
      expect(marked).toBeGreaterThan(50);
      // Hydration keeps the nodes; a mismatch would have React render the page again from scratch.
      await expect(page.locator('main h1').first()).toHaveAttribute('data-prerendered', '');
      await expect(page.getByTestId('site-header')).toHaveAttribute('data-prerendered', '');
      // The 404 page's own document request is the one expected error.
      expect(problems.filter((text) => !(path === '/no-such-page' && /404/.test(text)))).toEqual([]);
    });
  }

  test('a page opened with a query hydrates first, then shows that query’s state', async ({ page }) => {
    const problems = consoleProblems(page);
    await openHydrated(page, '/portfolio?category=WordPress');
    const portfolio = new PortfolioObject(page, 'page');
    await expect(portfolio.chip('WordPress')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/portfolio\?category=WordPress$/);
    await expect(page.locator('main h1').first()).toHaveAttribute('data-prerendered', '');
    expect(problems).toEqual([]);
  });

  test('the hydrated page is interactive: filters, the drawer and links work on the prerendered nodes', async ({
    page,
    header,
  }) => {
    await openHydrated(page, '/portfolio');
    const portfolio = new PortfolioObject(page, 'page');
    await portfolio.chip('Real Estate').click();
    await expect(portfolio.chip('Real Estate')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/category=Real\+Estate/);
    if (await header.menuToggle.isVisible()) {
      await header.openDrawer();
      await header.drawer.getByRole('link', { name: 'Home' }).click();
    } else {
      await header.desktopNav.getByRole('link', { name: 'Home' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: heroCopy.headline })).toBeVisible();
  });

  test('the page’s HTML already holds the remotes’ sections, and their images point at the remotes', async ({
    request,
    remoteOrigin,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain(heroCopy.headline);
    expect(html).toMatch(/<style data-emotion="css [\w -]+">/);
    const images = [...html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(images.some((src) => src.startsWith(`${remoteOrigin('mf_portfolio')}/`))).toBe(true);
    // One inline script only, the page loader, which the site's CSP allows by its hash (security.spec.ts).
    const inline = [
      ...html.matchAll(/<script(?![^>]*\b(src=|type="application\/(ld\+)?json"))[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline).toHaveLength(1);
    expect(inline[0]?.[3]).toContain('agencyPageLoader');
  });

  test('what a visitor types and sends before the page has hydrated is kept and sent once; the browser never submits it by itself', async ({
    page,
  }) => {
    const email = 'early.visitor@example.in';
    const field = page.getByRole('textbox', { name: footerCopy.newsletterLabel });
    const subscribe = page.getByRole('button', { name: footerCopy.newsletterButton });
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/subscribe') && request.method() === 'POST')
        sent.push(request.postDataJSON());
    });
    await openHydrated(page, '/services', async () => {
      await field.fill(email);
      // Before hydration the page loader holds the submit: no reload, the address never in the URL.
      await subscribe.click();
      expect(new URL(page.url()).search).toBe('');
      expect(sent).toEqual([]);
    });
    // What was typed before hydration is what is sent (the form empties its field once subscribed).
    await expect(page.getByText(footerCopy.newsletterSuccess)).toBeVisible();
    expect(sent).toEqual([{ email }]);
    expect(new URL(page.url()).search).toBe('');
  });
});
