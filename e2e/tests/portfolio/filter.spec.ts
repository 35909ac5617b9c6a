import { allProjectsLabel, portfolioCategories, projects } from 'shared-content/portfolio';
import { expect, test } from '../../fixtures.ts';
import { expectedTitles, type PortfolioChip, PortfolioObject } from '../../pages/portfolio.ts';

/** Chips and View More at both widths: the chips wrap and the cards stack on a phone. */
test.describe('portfolio filter', { tag: ['@mf-portfolio'] }, () => {
  test('starts on ECommerce with six cards and View More', async ({ page, consoleErrors }) => {
    await page.goto('/portfolio');
    const portfolio = new PortfolioObject(page, 'page');
    await expect(portfolio.pressedChips()).toHaveText(['ECommerce']);
    await expect(portfolio.cards).toHaveCount(6);
    expect(await portfolio.cardTitles()).toEqual(expectedTitles('ECommerce', 6));
    await expect(portfolio.status).toHaveText('Showing 6 of 9 ECommerce projects');
    await expect(portfolio.viewMoreButton).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('every chip shows its projects, with View More only above six', async ({ page }) => {
    await page.goto('/portfolio');
    const portfolio = new PortfolioObject(page, 'page');
    // ECommerce is selected on arrival, so it is clicked after another category.
    const [initial, ...others] = portfolioCategories;
    const chips: PortfolioChip[] = [...others, initial ?? 'ECommerce', allProjectsLabel];
    for (const chip of chips) {
      await portfolio.chip(chip).click();
      const total = expectedTitles(chip).length;
      await expect(portfolio.pressedChips(), chip).toHaveText([chip]);
      await expect(page).toHaveURL(`/portfolio?${new URLSearchParams({ category: chip })}`);
      await expect(portfolio.cards, chip).toHaveCount(Math.min(total, 6));
      expect(await portfolio.cardTitles(), chip).toEqual(expectedTitles(chip, 6));
      await expect(portfolio.viewMoreButton, chip).toHaveCount(total > 6 ? 1 : 0);
    }
    // All Projects is the last chip clicked: View More shows every project.
    await portfolio.viewMoreButton.click();
    await expect(portfolio.cards).toHaveCount(projects.length);
    expect(await portfolio.cardTitles()).toEqual(projects.map((project) => project.title));
  });

  test('View More on /portfolio reveals the rest in place and focuses the first new card', async ({
    page,
  }) => {
    await page.goto('/portfolio');
    const portfolio = new PortfolioObject(page, 'page');
    await portfolio.viewMoreButton.click();
    await expect(portfolio.cards).toHaveCount(9);
    const [seventh] = expectedTitles('ECommerce').slice(6);
    await expect(portfolio.card(seventh ?? '')).toBeFocused();
    await expect(portfolio.card(seventh ?? '')).toBeInViewport();
    await expect(portfolio.viewMoreButton).toHaveCount(0);
    await expect(portfolio.status).toHaveText('Showing 9 ECommerce projects');
    await expect(page).toHaveURL('/portfolio?category=ECommerce&view=all');
  });

  test('View More on the home page leads to /portfolio with the same filter, all shown', async ({ page }) => {
    await page.goto('/');
    const home = new PortfolioObject(page, 'home');
    await expect(home.pressedChips()).toHaveText(['ECommerce']);
    await home.chip('Real Estate').click();
    await expect(home.cards).toHaveCount(4);
    await expect(home.viewMoreLink).toHaveCount(0);
    await home.chip(allProjectsLabel).click();
    await expect(home.cards).toHaveCount(6);
    await home.viewMoreLink.click();

    await expect(page).toHaveURL('/portfolio?category=All+Projects&view=all');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeVisible();
    const portfolio = new PortfolioObject(page, 'page');
    await expect(portfolio.pressedChips()).toHaveText([allProjectsLabel]);
    await expect(portfolio.cards).toHaveCount(projects.length);
    await expect(portfolio.viewMoreButton).toHaveCount(0);
  });
});
