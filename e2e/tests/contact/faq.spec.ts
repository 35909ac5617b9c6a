import { expect, test } from '../../fixtures.ts';
import { ContactPageObject, isInViewport } from '../../pages/contact.ts';

const questions = [
  'How long does it take to build my website?',
  'How much does a website cost, and how do I pay?',
] as const;

test.describe('', { tag: ['@mf-contact'] }, () => {
  test('the FAQ starts closed, keeps one answer open at a time, and closes the open one on click', async ({
    page,
    viewport,
  }) => {
    test.skip((viewport?.width ?? 0) < 768, 'The accordion behaves the same at every width: tested once.');
    const contact = new ContactPageObject(page);
    await contact.goto();
    await expect(contact.faqSection.getByRole('button', { expanded: false })).toHaveCount(5);
    await expect(contact.openAnswers()).toHaveCount(0);

    const first = contact.faqQuestion(questions[0]);
    const second = contact.faqQuestion(questions[1]);
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(contact.openAnswers()).toHaveCount(1);
    await expect(contact.faqSection.getByRole('region', { name: questions[0] })).toBeVisible();

    await second.click();
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(contact.openAnswers()).toHaveCount(1);
    await expect(contact.faqSection.getByRole('region', { name: questions[1] })).toBeVisible();

    await second.click();
    await expect(contact.openAnswers()).toHaveCount(0);
  });

  test('/contact#faqs opens at the FAQ, and its Contact Us link leads to Get In Touch', async ({ page }) => {
    const contact = new ContactPageObject(page);
    await contact.goto('#faqs');
    await expect.poll(() => isInViewport(contact.faqSection)).toBe(true);

    await contact.faqSection.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL(/\/contact#contact$/);
    await expect.poll(() => isInViewport(contact.getInTouchSection)).toBe(true);
    await expect(contact.getInTouchSection.getByRole('heading', { name: 'Get In Touch' })).toBeInViewport();
  });

  test('/contact#contact opens at Get In Touch', async ({ page, viewport }) => {
    test.skip((viewport?.width ?? 0) < 768, 'Anchors work the same at every width: tested once.');
    const contact = new ContactPageObject(page);
    await contact.goto('#contact');
    await expect.poll(() => isInViewport(contact.getInTouchSection)).toBe(true);
  });
});
