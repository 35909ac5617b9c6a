import { expect, test } from '../../fixtures.ts';

const transparent = 'rgba(0, 0, 0, 0)';
const solid = 'rgb(15, 23, 42)';

test.describe('header', { tag: ['@shell'] }, () => {
  test('is fixed and 80 px high', async ({ page, header }) => {
    await page.goto('/');
    await expect(header.bar).toHaveCSS('position', 'fixed');
    await expect(header.bar).toHaveCSS('height', '80px');
  });

  test('desktop: transparent at the top, solid after scrolling more than 10 px', async ({
    page,
    header,
  }, info) => {
    test.skip(info.project.name !== 'desktop', 'desktop width only');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.poll(() => header.backgroundColor()).toBe(transparent);
    await page.evaluate(() => window.scrollTo(0, 10));
    await expect.poll(() => header.backgroundColor()).toBe(transparent);
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect.poll(() => header.backgroundColor()).toBe(solid);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.backgroundColor()).toBe(transparent);
  });

  test('desktop: the five links and a Contact Us mail link', async ({ page, header }, info) => {
    test.skip(info.project.name !== 'desktop', 'desktop width only');
    await page.goto('/');
    const names = await header.desktopNav.getByRole('listitem').allInnerTexts();
    expect(names).toEqual(['Home', 'Services', 'About', 'Portfolio', 'Contact']);
    await expect(header.desktopNav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await expect(header.menuToggle).toBeHidden();
  });

  test('mobile: always solid, links only in the drawer', async ({ page, header }, info) => {
    test.skip(info.project.name !== 'mobile', 'mobile width only');
    await page.goto('/');
    await expect.poll(() => header.backgroundColor()).toBe(solid);
    await expect(header.desktopNav).toBeHidden();
    await expect(header.menuToggle).toBeVisible();
  });
});
