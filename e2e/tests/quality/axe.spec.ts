import { allProjectsLabel, portfolioCategories } from 'shared-content/portfolio';
import { footerCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { ContactPageObject, sampleEnquiry } from '../../pages/contact.ts';
import { NewsletterObject } from '../../pages/newsletter.ts';
import { type PortfolioChip, PortfolioObject } from '../../pages/portfolio.ts';
import { axeViolations, everyPagePath, settle } from '../../pages/quality.ts';

test.describe('', { tag: ['@composition'] }, () => {
  /**
   * WCAG 2.2 AA (and axe's best practices) on every page at both widths, and on each interactive state once:
   * the drawer open, an FAQ answer open, the forms' error and success messages, every portfolio filter.
   */
  for (const path of everyPagePath) {
    test(`${path} has no accessibility violations`, async ({ page }) => {
      await page.goto(path);
      await settle(page);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test.describe('interactive states', () => {
    test('the mobile drawer, open', async ({ page, header }, info) => {
      test.skip(info.project.name !== 'mobile', 'the drawer exists below 768 px');
      await page.goto('/');
      await settle(page);
      await header.openDrawer();
      expect(await axeViolations(page)).toEqual([]);
    });

    test.describe('at one width', () => {
      test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'the states are the same at every width');

      test('an FAQ answer, open', async ({ page }) => {
        const contact = new ContactPageObject(page);
        await contact.goto();
        await contact.faqQuestion('What happens after my website goes live?').click();
        await expect(contact.openAnswers()).toHaveCount(1);
        expect(await axeViolations(page)).toEqual([]);
      });

      test('Send Your Query: the error, then the success message', async ({ page }) => {
        const contact = new ContactPageObject(page);
        await contact.goto();
        await contact.fillEnquiry({ ...sampleEnquiry, phone: 'call me after six' });
        await contact.enquirySubmit.click();
        await expect(contact.enquiryStatus).toHaveText(/^Phone number must be/);
        expect(await axeViolations(page)).toEqual([]);
        await contact.enquiryField('WhatsApp Number').fill(sampleEnquiry.phone);
        await contact.enquirySubmit.click();
        await expect(contact.enquiryStatus).toHaveText(/^Thank you!/);
        expect(await axeViolations(page)).toEqual([]);
      });

      test('the newsletter: its error and success messages', async ({ page }) => {
        const newsletter = new NewsletterObject(page);
        await page.goto('/about');
        await settle(page);
        await page.route('**/subscribe', (route) => route.abort('connectionrefused'));
        await newsletter.subscribe(`axe-${Date.now()}@example.com`);
        await expect(newsletter.status).toHaveText(footerCopy.newsletterNetworkError);
        expect(await axeViolations(page, 'footer')).toEqual([]);
        await page.unroute('**/subscribe');
        await newsletter.subscribe(`axe-${Date.now()}@example.com`);
        await expect(newsletter.status).toHaveText(footerCopy.newsletterSuccess);
        expect(await axeViolations(page, 'footer')).toEqual([]);
      });

      test('every portfolio filter', async ({ page }) => {
        // One axe run per filter (seven in all): on a slow two-core machine that alone took 60 s.
        test.setTimeout(180_000);
        const portfolio = new PortfolioObject(page, 'page');
        await page.goto('/portfolio');
        await settle(page);
        const chips: PortfolioChip[] = [allProjectsLabel, ...portfolioCategories];
        for (const chip of chips) {
          await portfolio.chip(chip).click();
          await expect(portfolio.chip(chip)).toHaveAttribute('aria-pressed', 'true');
          expect(await axeViolations(page, 'main'), chip).toEqual([]);
        }
      });
    });
  });
});
