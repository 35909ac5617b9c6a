import { expect, test } from '../../fixtures.ts';
import { expectedTitles, PortfolioObject } from '../../pages/portfolio.ts';

const isDesktop = ({ viewport }: { viewport: { width: number } | null }) => (viewport?.width ?? 0) >= 768;

test.describe('', { tag: ['@mf-portfolio'] }, () => {
  test.describe('on a desktop (hover and keyboard)', () => {
    test.skip(({ viewport }) => !isDesktop({ viewport }), 'hover and keyboard are desktop behaviour');

    test('chips work from the keyboard: Tab between them, Enter and Space select', async ({ page }) => {
      await page.goto('/portfolio');
      const portfolio = new PortfolioObject(page, 'page');
      await portfolio.chip('ECommerce').focus();
      await page.keyboard.press('Tab');
      await expect(portfolio.chip('WordPress')).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(portfolio.pressedChips()).toHaveText(['WordPress']);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      await expect(portfolio.pressedChips()).toHaveText(['Real Estate']);
      await expect(page).toHaveURL('/portfolio?category=Real+Estate');
      await expect(portfolio.chip('Real Estate')).toBeFocused();
    });

    test('cards reveal title, category and technologies on keyboard focus', async ({ page }) => {
      await page.goto('/portfolio');
      const portfolio = new PortfolioObject(page, 'page');
      const [first, second] = expectedTitles('ECommerce');
      const firstCard = portfolio.card(first ?? '');
      await expect(portfolio.details(firstCard)).toHaveCSS('opacity', '0');

      // From the last chip, Tab reaches the first card.
      await portfolio.chip('Matrimonial').focus();
      await page.keyboard.press('Tab');
      await expect(firstCard).toBeFocused();
      await expect(portfolio.details(firstCard)).toHaveCSS('opacity', '1');
      await expect(firstCard.getByText('ECommerce', { exact: true })).toBeVisible();
      await expect(firstCard.getByRole('list', { name: 'Technologies' }).getByRole('listitem')).toHaveText([
        'Shopify',
        'Liquid',
        'Razorpay',
      ]);

      await page.keyboard.press('Tab');
      await expect(portfolio.card(second ?? '')).toBeFocused();
      await expect(portfolio.details(portfolio.card(second ?? ''))).toHaveCSS('opacity', '1');
      await expect(portfolio.details(firstCard)).toHaveCSS('opacity', '0');
    });

    test('View More works from the keyboard and moves focus to the first new card', async ({ page }) => {
      await page.goto('/portfolio?category=All+Projects');
      const portfolio = new PortfolioObject(page, 'page');
      await portfolio.viewMoreButton.focus();
      await page.keyboard.press('Enter');
      await expect(portfolio.cards).toHaveCount(expectedTitles('All Projects').length);
      await expect(portfolio.card(expectedTitles('All Projects')[6] ?? '')).toBeFocused();
    });

    test('hovering a card highlights it and shows its details; the others stay plain', async ({ page }) => {
      await page.goto('/');
      const home = new PortfolioObject(page, 'home');
      const [first, second] = expectedTitles('ECommerce');
      const firstCard = home.card(first ?? '');
      const secondCard = home.card(second ?? '');
      await firstCard.hover();
      await expect(firstCard).toHaveAttribute('data-highlighted', 'true');
      await expect(home.details(firstCard)).toHaveCSS('opacity', '1');
      const plainShadow = await secondCard.evaluate((card) => getComputedStyle(card).boxShadow);
      await expect(firstCard).not.toHaveCSS('box-shadow', plainShadow);

      await secondCard.hover();
      await expect(secondCard).toHaveAttribute('data-highlighted', 'true');
      await expect(firstCard).toHaveAttribute('data-highlighted', 'false');
      await expect(home.details(firstCard)).toHaveCSS('opacity', '0');
    });

    test('screenshots load from mf-portfolio’s own origin, lazily below the fold', async ({
      page,
      remoteOrigin,
    }) => {
      await page.goto('/');
      const home = new PortfolioObject(page, 'home');
      const images = home.cards.getByRole('img');
      await expect(images).toHaveCount(6);
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute('loading', 'lazy');
        await expect(image).toHaveAttribute('width', '640');
        await expect(image).toHaveAttribute('height', '420');
      }
      const first = images.first();
      await first.scrollIntoViewIfNeeded();
      await expect.poll(() => first.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(640);
      const source = await first.evaluate((image: HTMLImageElement) => image.currentSrc);
      expect(new URL(source).origin).toBe(remoteOrigin('mf_portfolio'));
      expect(source).toMatch(/\.svg$/);
    });
  });

  test.describe('layout', () => {
    test('cards sit three to a row on a desktop, stacked on a phone; the chips fit the width', async ({
      page,
      viewport,
    }) => {
      await page.goto('/portfolio');
      const portfolio = new PortfolioObject(page, 'page');
      await expect(portfolio.cards).toHaveCount(6);
      const tops = await portfolio.cards.evaluateAll((cards) =>
        cards.map((card) => Math.round(card.getBoundingClientRect().top)),
      );
      const perRow = tops.filter((top) => top === tops[0]).length;
      expect(perRow).toBe(isDesktop({ viewport }) ? 3 : 1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const chip of await portfolio.chips.getByRole('button').all()) await expect(chip).toBeInViewport();
    });
  });

  test.describe('on a touch screen', () => {
    test.skip(({ viewport }) => isDesktop({ viewport }), 'touch layout is phone behaviour');

    test('card details are readable without hover', async ({ page }) => {
      await page.goto('/portfolio');
      const portfolio = new PortfolioObject(page, 'page');
      for (const title of expectedTitles('ECommerce', 6)) {
        const card = portfolio.card(title);
        await expect(portfolio.details(card)).toHaveCSS('opacity', '1');
        await expect(card.getByRole('heading', { name: title })).toBeVisible();
      }
      // Details sit under the picture, not over it.
      const card = portfolio.card(expectedTitles('ECommerce')[0] ?? '');
      const imageBox = await card.getByRole('img').boundingBox();
      const headingBox = await card.getByRole('heading').boundingBox();
      expect(headingBox?.y ?? 0).toBeGreaterThan((imageBox?.y ?? 0) + (imageBox?.height ?? 0));
    });
  });
});
