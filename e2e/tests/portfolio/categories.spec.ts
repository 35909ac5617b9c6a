import { projects } from 'shared-content/portfolio';
import { expect, test } from '../../fixtures.ts';
import { expectedTitles, PortfolioObject } from '../../pages/portfolio.ts';

test.describe('', { tag: ['@mf-portfolio'] }, () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'one width is enough: the links behave alike');

  test('/categories lists each category with its count and leads to the filtered portfolio', async ({
    page,
  }) => {
    await page.goto('/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Portfolio categories' });
    await expect(list.getByRole('link')).toHaveText([
      'ECommerce',
      'WordPress',
      'Real Estate',
      'Classified',
      'Consulting',
      'Business',
      'Matrimonial',
      'All Projects',
    ]);
    await expect(list.getByRole('link', { name: 'Real Estate' })).toHaveAccessibleDescription('4 projects');
    await expect(list.getByRole('link', { name: 'All Projects' })).toHaveAccessibleDescription(
      `${projects.length} projects`,
    );

    await list.getByRole('link', { name: 'ECommerce' }).click();
    await expect(page).toHaveURL('/portfolio?category=ECommerce&view=all');
    const portfolio = new PortfolioObject(page, 'page');
    await expect(portfolio.pressedChips()).toHaveText(['ECommerce']);
    expect(await portfolio.cardTitles()).toEqual(expectedTitles('ECommerce'));
  });
});
