import { contactHeroCopy, enquiryFormCopy, faqCopy, faqItems, getInTouchCopy } from 'shared-content/contact';
import {
  aboutCopy,
  clientCarouselCopy,
  heroCopy,
  pricingCopy,
  privacyCopy,
  servicesCopy,
  termsCopy,
  testimonialsCopy,
} from 'shared-content/marketing';
import {
  allProjectsLabel,
  categoriesCopy,
  defaultCategory,
  portfolioCopy,
  processCopy,
} from 'shared-content/portfolio';
import { footerCopy, notFoundCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * Every route is readable with JavaScript switched off: its prerendered HTML holds the header, the footer and
   * the remotes' sections with their styles, in their initial state.
   */
  test.use({ javaScriptEnabled: false });

  const routeTexts: Array<[path: string, texts: string[]]> = [
    [
      '/',
      [
        heroCopy.headline,
        portfolioCopy.heading,
        processCopy.heading,
        pricingCopy.heading,
        testimonialsCopy.heading,
        clientCarouselCopy.heading,
      ],
    ],
    ['/services', [servicesCopy.heading, servicesCopy.banner.heading]],
    ['/about', [aboutCopy.heading, processCopy.heading, testimonialsCopy.heading]],
    ['/portfolio', [portfolioCopy.heading, processCopy.heading]],
    ['/Portfolio', [portfolioCopy.heading, processCopy.heading]],
    ['/categories', [categoriesCopy.heading]],
    ['/contact', [contactHeroCopy.heading, enquiryFormCopy.heading, faqCopy.heading, getInTouchCopy.heading]],
    ['/privacy-policy', [privacyCopy.heading]],
    ['/terms', [termsCopy.heading]],
    ['/terms-conditions', [termsCopy.heading]],
  ];

  for (const [path, texts] of routeTexts) {
    test(`${path} shows its spec texts, header and footer without JavaScript`, async ({ page }) => {
      await page.goto(path);
      for (const text of texts) await expect(page.getByRole('heading', { name: text }).first()).toBeVisible();
      await expect(page.getByTestId('site-header')).toBeVisible();
      await expect(page.getByRole('contentinfo').getByText(footerCopy.quickLinksHeading)).toBeVisible();
      // Nothing waits for a script: no placeholder and no fallback.
      await expect(page.locator('[data-slot-state]')).toHaveCount(0);
      // The styles came with the HTML: the header is laid out as the site designs it (fixed, 80 px high).
      const header = await page.getByTestId('site-header').evaluate((element) => {
        const style = getComputedStyle(element);
        return { position: style.position, height: element.getBoundingClientRect().height };
      });
      expect(header).toEqual({ position: 'fixed', height: 80 });
    });
  }

  test('the prerendered pages are in their initial state: ECommerce chosen, forms empty, FAQ closed', async ({
    page,
  }) => {
    await page.goto('/portfolio');
    const filters = page.getByRole('group', { name: portfolioCopy.filterLabel });
    await expect(filters.getByRole('button', { pressed: true })).toHaveText(defaultCategory);
    await expect(filters.getByRole('button', { name: allProjectsLabel })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await page.goto('/contact');
    for (const field of await page.locator('form input:not([type="hidden"]), form textarea').all()) {
      await expect(field).toHaveValue('');
    }
    const questions = page.getByRole('button', { name: faqItems[0]?.question ?? '' });
    await expect(questions).toHaveAttribute('aria-expanded', 'false');
  });

  test('an unknown path answers with the 404 page’s content', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: notFoundCopy.heading })).toBeVisible();
  });
});
