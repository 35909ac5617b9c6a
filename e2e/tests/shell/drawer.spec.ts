import { expect, test } from '../../fixtures.ts';

test.describe('mobile drawer', { tag: ['@shell'] }, () => {
  test.beforeEach(async ({ page }, info) => {
    test.skip(info.project.name !== 'mobile', 'the drawer exists below 768 px');
    await page.goto('/');
  });

  test('opens with focus inside and closes on Escape, returning focus to the toggle', async ({
    page,
    header,
  }) => {
    await header.openDrawer();
    await expect(header.menuToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(header.backdrop).toBeVisible();
    await expect(header.drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(header.drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('keeps Tab inside while open', async ({ page, header }) => {
    await header.openDrawer();
    for (let index = 0; index < 10; index += 1) {
      await page.keyboard.press('Tab');
      expect(await header.drawer.evaluate((drawer) => drawer.contains(document.activeElement))).toBe(true);
    }
  });

  test('closes on a backdrop click', async ({ page, header }) => {
    await header.openDrawer();
    // The backdrop is visible to the left of the panel.
    await page.mouse.click(20, 400);
    await expect(header.drawer).toBeHidden();
    await expect(header.backdrop).toBeHidden();
  });

  test('closes on a link click and navigates', async ({ page, header }) => {
    await header.openDrawer();
    await header.drawer.getByRole('link', { name: 'Services' }).click();
    await expect(header.drawer).toBeHidden();
    await expect(page).toHaveURL('/services');
  });

  test('closes when the window widens to 768 px', async ({ page, header }) => {
    await header.openDrawer();
    await page.setViewportSize({ width: 768, height: 812 });
    await expect(header.drawer).toBeHidden();
    await expect(header.backdrop).toBeHidden();
  });
});
