import { expect, test } from '../../fixtures.ts';

/** Every path of the route table, with the page heading a visitor sees. */
const pages = [
  { path: '/', heading: 'Elevate Your Business With Premium Digital Services' },
  { path: '/services', heading: 'Comprehensive Digital Solutions' },
  { path: '/about', heading: 'About Us' },
  { path: '/portfolio', heading: 'Our Portfolio' },
  { path: '/Portfolio', heading: 'Our Portfolio' },
  { path: '/categories', heading: 'Categories' },
  { path: '/contact', heading: "Let's Build Something Amazing Together" },
  { path: '/privacy-policy', heading: 'Privacy Policy' },
  { path: '/terms', heading: 'Terms and Conditions' },
  { path: '/terms-conditions', heading: 'Terms and Conditions' },
];

test.describe('', { tag: ['@shell'] }, () => {
  for (const { path, heading } of pages) {
    test(`${path} renders its page with header and footer`, async ({ page, consoleErrors }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByTestId('site-header')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(await page.title()).not.toBe('');
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{40,}/);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('each route sets its own title', async ({ page }) => {
    await page.goto('/services');
    await expect(page).toHaveTitle(/^Services \|/);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveTitle(/^Portfolio \|/);
  });

  test('an unknown path answers 404 with the shell’s own page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Page Not Found/);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the page scrolls to the top on every path change', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Services' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Comprehensive Digital Solutions' }),
    ).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('each route’s HTML names the page before any script runs', async ({ request }) => {
    const services = await request.get('/services');
    expect(services.status()).toBe(200);
    expect(await services.text()).toMatch(/<title>Services \|[^<]+<\/title>/);
    const missing = await request.get('/no-such-page');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toMatch(/<title>Page Not Found \|/);
  });
});
