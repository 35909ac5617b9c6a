import { faqItems } from 'shared-content/contact';
import { footerCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { ContactPageObject, sampleEnquiry } from '../../pages/contact.ts';
import { NewsletterObject } from '../../pages/newsletter.ts';
import { expectedTitles, PortfolioObject } from '../../pages/portfolio.ts';
import { openWithScriptsHeld } from './held-scripts.ts';

test.describe('', { tag: ['@shell'] }, () => {
  /**
   * No tap lost: input given while the page's scripts are still on their way (held back here, on a CPU four
   * times slower) takes effect once its part of the page is live — once, however often the visitor tapped.
   * The shell holds and replays the input, so every test is the shell's; each also names the app whose part
   * of the page the input is for, so a remote's run takes only its own (they are slow: a CPU four times slower).
   */

  test('the menu button tapped before the shell is live opens the drawer at once, and the shell keeps it open', async ({
    page,
    header,
  }) => {
    const held = await openWithScriptsHeld(page, '/services');
    test.skip(!(await header.menuToggle.isVisible()), 'the menu button shows on narrow screens only');
    await header.menuToggle.click();
    // At once, with none of the shell's code arrived: the page loader opens it (issue 42, item 4).
    await expect(header.drawer).toBeVisible();
    await expect(header.menuToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect(page.locator('html[data-shell-live]')).toHaveCount(0);
    held.release();
    await page.locator('html[data-shell-live]').waitFor({ state: 'attached' });
    await expect(header.drawer).toBeVisible();
    await expect(header.menuToggle).toHaveAttribute('aria-expanded', 'true');
    // The shell's own now: its backdrop, and Escape closes it with the focus back on the menu button.
    await expect(header.backdrop).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(header.drawer).toBeHidden();
    await expect(header.menuToggle).toBeFocused();
  });

  test('a filter chip tapped before its slot is live filters once it is', { tag: '@mf-portfolio' }, async ({
    page,
  }) => {
    const held = await openWithScriptsHeld(page, '/portfolio');
    const portfolio = new PortfolioObject(page, 'page');
    await portfolio.chip('WordPress').click();
    await expect(portfolio.chip('WordPress')).toHaveAttribute('aria-pressed', 'false');
    held.release();
    await expect(portfolio.chip('WordPress')).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/\/portfolio\?category=WordPress$/);
  });

  test('View More pressed before its slot is live, on a page opened with a category, shows all of that category', {
    tag: '@mf-portfolio',
  }, async ({ page }) => {
    // The page is prerendered for its path alone and hydrates there; the query is applied just after. The held
    // press must act on the category the page was opened with, not on the prerendered default.
    const held = await openWithScriptsHeld(page, '/portfolio?category=All+Projects');
    const portfolio = new PortfolioObject(page, 'page');
    await portfolio.viewMoreButton.focus();
    await page.keyboard.press('Enter');
    held.release();
    await expect(page).toHaveURL(/\/portfolio\?category=All\+Projects&view=all$/);
    await expect(portfolio.cards).toHaveCount(expectedTitles('All Projects').length);
  });

  test('an FAQ question opened before its slot is live opens once it is', { tag: '@mf-contact' }, async ({
    page,
  }) => {
    const held = await openWithScriptsHeld(page, '/contact');
    const contact = new ContactPageObject(page);
    const question = contact.faqQuestion(faqItems[1]?.question ?? '');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    held.release();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    await expect(contact.openAnswers()).toHaveCount(1);
  });

  test('an enquiry typed and sent before its slot is live keeps its text and is sent once', {
    tag: ['@mf-contact', '@enquiry-api'],
  }, async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/send-email')) sent.push(request.url());
    });
    const held = await openWithScriptsHeld(page, '/contact');
    const contact = new ContactPageObject(page);
    await contact.fillEnquiry(sampleEnquiry);
    await contact.enquirySubmit.click();
    await contact.enquirySubmit.click();
    // The browser never submits the form by itself (a reload with the fields in the URL).
    expect(new URL(page.url()).search).toBe('');
    held.release();
    await expect(contact.enquiryStatus).toContainText("Thank you! We'll contact you within 24 hours.");
    expect(sent).toHaveLength(1);
    expect(new URL(page.url()).search).toBe('');
  });

  test('a newsletter address sent before the shell is live is kept and subscribed once', {
    tag: '@enquiry-api',
  }, async ({ page }) => {
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/subscribe'))
        sent.push(request.postDataJSON());
    });
    const held = await openWithScriptsHeld(page, '/services');
    const newsletter = new NewsletterObject(page);
    await newsletter.email.fill('early.reader@example.in');
    await newsletter.submit.click();
    held.release();
    await expect(newsletter.status).toContainText(footerCopy.newsletterSuccess);
    expect(sent).toEqual([{ email: 'early.reader@example.in' }]);
  });
});
