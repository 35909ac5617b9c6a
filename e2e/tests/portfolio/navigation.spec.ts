import { expect, test } from '../../fixtures.ts';
import { expectedTitles, PortfolioObject } from '../../pages/portfolio.ts';

// URL handling is the same at every width: tested once, on desktop.
test.describe('', { tag: ['@mf-portfolio'] }, () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'URL behaviour does not depend on the width');

  test('the selected category lives in the URL: shareable, and Back/Forward work', async ({ page }) => {
    await page.goto('/portfolio?category=Classified');
    const portfolio = new PortfolioObject(page, 'page');
    await expect(portfolio.pressedChips()).toHaveText(['Classified']);
    expect(await portfolio.cardTitles()).toEqual(expectedTitles('Classified'));

    await portfolio.chip('WordPress').click();
    await expect(page).toHaveURL('/portfolio?category=WordPress');
    await portfolio.chip('Real Estate').click();
    await expect(page).toHaveURL('/portfolio?category=Real+Estate');

    await page.goBack();
    await expect(page).toHaveURL('/portfolio?category=WordPress');
    await expect(portfolio.pressedChips()).toHaveText(['WordPress']);
    expect(await portfolio.cardTitles()).toEqual(expectedTitles('WordPress'));
    await page.goBack();
    await expect(portfolio.pressedChips()).toHaveText(['Classified']);
    await page.goForward();
    await expect(portfolio.pressedChips()).toHaveText(['WordPress']);
    await expect(portfolio.cards).toHaveCount(6);
  });

  test('an unknown category falls back to ECommerce', async ({ page }) => {
    await page.goto('/portfolio?category=Gaming');
    const portfolio = new PortfolioObject(page, 'page');
    await expect(portfolio.pressedChips()).toHaveText(['ECommerce']);
    expect(await portfolio.cardTitles()).toEqual(expectedTitles('ECommerce', 6));
  });

  test('revealing more replaces the history entry: Back leaves the filter instead of collapsing it', async ({
    page,
  }) => {
    await page.goto('/portfolio');
    const portfolio = new PortfolioObject(page, 'page');
    await portfolio.chip('All Projects').click();
    await portfolio.viewMoreButton.click();
    await expect(page).toHaveURL('/portfolio?category=All+Projects&view=all');
    await page.goBack();
    await expect(page).toHaveURL('/portfolio');
    await expect(portfolio.pressedChips()).toHaveText(['ECommerce']);
  });

  test('/Portfolio shows the same page: hero, projects, process, no empty block', async ({ page }) => {
    await page.goto('/Portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeVisible();
    const portfolio = new PortfolioObject(page, 'page');
    await expect(portfolio.cards).toHaveCount(6);
    await expect(page.getByRole('heading', { level: 2, name: 'Our Process' })).toBeVisible();
    const steps = page.getByRole('region', { name: 'Our Process' }).getByRole('listitem');
    await expect(steps.getByRole('heading')).toHaveText([
      'Step 1: Ideation & Discovery',
      'Step 2: Strategic Planning',
      'Step 3: Development',
      'Step 4: Testing & Launch',
    ]);
    // The process section ends where the footer begins: nothing empty between them.
    const processBox = await page.getByRole('region', { name: 'Our Process' }).boundingBox();
    const footerBox = await page.getByRole('contentinfo').boundingBox();
    expect(Math.abs((footerBox?.y ?? 0) - ((processBox?.y ?? 0) + (processBox?.height ?? 0)))).toBeLessThan(
      2,
    );
  });
});
