import { expect, test } from '../../fixtures.ts';
import { ContactPageObject } from '../../pages/contact.ts';

test.describe('', { tag: ['@mf-contact'] }, () => {
  test('the contact page shows its parts in order between the shared header and footer', async ({
    page,
    consoleErrors,
  }) => {
    const contact = new ContactPageObject(page);
    await contact.goto();
    await expect(page.getByTestId('site-header')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      "Let's Build Something Amazing Together",
    );
    await expect(page.getByText(/within 24 hours with clear next steps/)).toBeVisible();
    const headings = page.getByRole('main').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      'Send Your Query',
      'Our Contact Details',
      'Frequently Asked Questions',
      'Connect With Us',
      'Get In Touch',
    ]);
    await expect(page.locator('#faqs')).toContainText('Frequently Asked Questions');
    await expect(page.locator('#contact')).toContainText('Get In Touch');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Nothing sticks out sideways, at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      page.viewportSize()?.width ?? 0,
    );
    expect(consoleErrors).toEqual([]);
  });

  test('contact details, hours and social profiles are links a visitor can use', async ({
    page,
    viewport,
  }) => {
    test.skip((viewport?.width ?? 0) < 768, 'The same links at every width: tested once.');
    const contact = new ContactPageObject(page);
    await contact.goto();
    const details = contact.contactDetails;
    await expect(details.getByRole('link', { name: /^\+91/ })).toHaveCount(2);
    for (const phone of await details.getByRole('link', { name: /^\+91/ }).all()) {
      await expect(phone).toHaveAttribute('href', /^tel:\+91\d{10}$/);
    }
    const chat = details.getByRole('link', { name: 'Chat Now (24/7 Support)' });
    await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\//);
    await expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(details.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(details).toContainText('Monday to Friday 9AM-6PM');
    await expect(details).toContainText('Saturday 10AM-4PM');
    await expect(details).toContainText('Remote across India, based in Noida, Uttar Pradesh');

    const getInTouch = contact.getInTouchSection;
    await expect(getInTouch.getByRole('link', { name: /^\+91/ })).toHaveAttribute('href', /^tel:/);
    await expect(getInTouch.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(getInTouch).toContainText('Noida, Uttar Pradesh, India');
    for (const line of ['Monday to Friday 9:00 AM-5:00 PM', 'Saturday 10:00 AM-2:00 PM', 'Sunday closed']) {
      await expect(getInTouch).toContainText(line);
    }

    const profiles = contact.connectSection.getByRole('link', { name: /opens in a new tab/ });
    await expect(profiles).toHaveText(
      ['Facebook', 'Twitter', 'Instagram', 'LinkedIn', 'GitHub'].map((name) => new RegExp(`^${name}`)),
    );
    for (const profile of await profiles.all()) {
      await expect(profile).toHaveAttribute('target', '_blank');
      await expect(profile).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await expect(contact.connectSection.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  });
});
