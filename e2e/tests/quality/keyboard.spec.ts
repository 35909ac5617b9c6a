import type { Page } from '@playwright/test';
import { allProjectsLabel, portfolioCategories } from 'shared-content/portfolio';
import { footerCopy, headerCopy } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import { ContactPageObject, sampleEnquiry } from '../../pages/contact.ts';
import { NewsletterObject } from '../../pages/newsletter.ts';
import { PortfolioObject } from '../../pages/portfolio.ts';
import { settle } from '../../pages/quality.ts';

/** A keyboard-only visit: nothing here clicks; locator.focus() only picks where a walk starts. */

interface FocusStop {
  name: string;
  /** The element (or the ::after it draws its ring with) shows an outline or a box-shadow ring of 2 px or more. */
  ring: boolean;
  /** The element has a box on screen. */
  shown: boolean;
}

function focusStop(page: Page): Promise<FocusStop | null> {
  return page.evaluate(async () => {
    // Two frames: a transition starts from the unfocused look and only shows its end state a frame later.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const hasRing = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 2) ||
      // A ring drawn as a box-shadow: "<colour> 0px 0px 0px <spread>".
      Number.parseFloat(/0px 0px 0px ([\d.]+)px/.exec(style.boxShadow)?.[1] ?? '0') >= 2;
    const box = element.getBoundingClientRect();
    return {
      name: `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
      ring: hasRing(getComputedStyle(element)) || hasRing(getComputedStyle(element, '::after')),
      shown: box.width > 0 && box.height > 0,
    };
  });
}

test.describe('', { tag: ['@composition'] }, () => {
  test.describe('keyboard at desktop width', () => {
    test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'one width; the drawer has its own test');

    test('the skip link comes first and moves focus to the main content', async ({ page }) => {
      await page.goto('/services');
      await settle(page);
      await page.keyboard.press('Tab');
      const skipLink = page.getByRole('link', { name: headerCopy.skipLink });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.keyboard.press('Tab');
      // The next stop is inside the main content, past the header's links.
      expect(
        await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
      ).toBe(true);
    });

    for (const path of ['/', '/contact']) {
      test(`every Tab stop on ${path} is on screen and shows a focus ring`, async ({ page }) => {
        // Reduced motion ends the rings' short fade-in at once, so each stop is read in its final state.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await page.goto(path);
        await settle(page);
        const stops: FocusStop[] = [];
        for (let index = 0; index < 200; index += 1) {
          await page.keyboard.press('Tab');
          const stop = await focusStop(page);
          if (!stop || (index > 0 && stop.name === stops[0]?.name)) break;
          stops.push(stop);
        }
        expect(stops.length).toBeGreaterThan(20);
        expect(stops.filter((stop) => !stop.ring || !stop.shown)).toEqual([]);
      });
    }

    test('the FAQ opens and closes with Enter and Space, one answer at a time', async ({ page }) => {
      const contact = new ContactPageObject(page);
      await contact.goto();
      const first = contact.faqQuestion('How long does it take to build my website?');
      const second = contact.faqQuestion('How much does a website cost, and how do I pay?');
      await first.focus();
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-expanded', 'true');
      await expect(contact.openAnswers()).toHaveCount(1);
      await page.keyboard.press('Space');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
      await expect(contact.openAnswers()).toHaveCount(0);
      await page.keyboard.press('Enter');
      // The open answer holds no focusable element, so Tab goes straight to the next question.
      await page.keyboard.press('Tab');
      await expect(second).toBeFocused();
      await page.keyboard.press('Space');
      await expect(second).toHaveAttribute('aria-expanded', 'true');
      await expect(first).toHaveAttribute('aria-expanded', 'false');
    });

    test('portfolio filters are chosen with Tab, Enter and Space', async ({ page }) => {
      const portfolio = new PortfolioObject(page, 'page');
      await page.goto('/portfolio');
      await settle(page);
      await portfolio.chip(allProjectsLabel).focus();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      // Two Tabs past All Projects land on the second category chip. Naming it (rather than reading whichever chip is
      // pressed) keeps the check from racing the default ECommerce chip, which is pressed until Enter takes effect.
      const [, chosen = 'WordPress'] = portfolioCategories;
      await expect(portfolio.chip(chosen)).toHaveAttribute('aria-pressed', 'true');
      await expect(portfolio.pressedChips()).toHaveCount(1);
      await expect(portfolio.chip(chosen)).toBeFocused();
      await expect(page).toHaveURL(
        new RegExp(`category=${encodeURIComponent(chosen).replace(/%20/g, '\\+')}`),
      );
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Space');
      await expect(portfolio.chip(allProjectsLabel)).toHaveAttribute('aria-pressed', 'true');
      await expect(portfolio.chip(allProjectsLabel)).toBeFocused();
    });

    test('Send Your Query is filled, sent and answered by keyboard', async ({ page }) => {
      const contact = new ContactPageObject(page);
      await contact.goto();
      await contact.enquiryField('Your Name').focus();
      await page.keyboard.type(sampleEnquiry.name);
      await page.keyboard.press('Tab');
      await page.keyboard.type(sampleEnquiry.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(sampleEnquiry.business);
      await page.keyboard.press('Tab');
      await page.keyboard.type(sampleEnquiry.phone);
      await expect(contact.enquiryValues()).resolves.toMatchObject({
        name: sampleEnquiry.name,
        email: sampleEnquiry.email,
        business: sampleEnquiry.business,
        phone: sampleEnquiry.phone,
      });
      // Enter in a text field submits the form; the outcome is announced by the polite live region.
      await page.keyboard.press('Enter');
      await expect(contact.enquiryStatus).toHaveText("Thank you! We'll contact you within 24 hours.");
      await expect(contact.enquiryStatus).toHaveAttribute('aria-live', 'polite');
    });

    test('the newsletter subscribes with Enter and announces the result', async ({ page }) => {
      const newsletter = new NewsletterObject(page);
      await page.goto('/about');
      await settle(page);
      await newsletter.email.focus();
      await page.keyboard.type('not-an-address');
      await page.keyboard.press('Enter');
      // The browser's own validation keeps focus in the field and sends nothing.
      await expect(newsletter.email).toBeFocused();
      await expect(newsletter.status).toHaveText('');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(`keys-${Date.now()}@example.com`);
      await page.keyboard.press('Enter');
      await expect(newsletter.status).toHaveText(footerCopy.newsletterSuccess);
    });
  });

  test('the mobile drawer by keyboard: opens with Enter, traps Tab, closes with Escape', async ({
    page,
    header,
  }, info) => {
    test.skip(info.project.name !== 'mobile', 'the drawer exists below 768 px');
    await page.goto('/');
    await settle(page);
    await header.menuToggle.focus();
    await page.keyboard.press('Enter');
    await expect(header.drawer).toBeVisible();
    const close = header.drawer.getByRole('button', { name: headerCopy.closeMenu });
    await expect(close).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    expect(await header.drawer.evaluate((drawer) => drawer.contains(document.activeElement))).toBe(true);
    await expect(close).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(close).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(header.drawer).toBeHidden();
    await expect(header.menuToggle).toBeFocused();
  });
});
