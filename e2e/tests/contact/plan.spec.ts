import { expect, test } from '../../fixtures.ts';
import { ContactPageObject } from '../../pages/contact.ts';

test.describe('', { tag: ['@mf-contact'] }, () => {
  test.skip(
    ({ viewport }) => (viewport?.width ?? 0) < 768,
    'Pre-filling is the same at every width: tested once.',
  );

  test('/contact?plan=business shows the plan and pre-fills the form', async ({ page }) => {
    const contact = new ContactPageObject(page);
    await contact.goto('?plan=business');
    await expect(contact.planNote).toContainText('Plan: Business (₹35,000)');
    await expect(contact.enquiryField('Message')).toHaveValue(
      "Hi, I'm interested in the Business plan (₹35,000). Please share the next steps.",
    );
    await expect(contact.serviceSelect()).toHaveValue('Website Development');
    // The other fields stay for the visitor.
    await expect(contact.enquiryField('Your Name')).toHaveValue('');
  });

  test('each pricing plan id is recognised; an unknown plan is ignored', async ({ page }) => {
    const contact = new ContactPageObject(page);
    for (const [id, note] of [
      ['starter', 'Plan: Starter (₹15,000)'],
      ['premium', 'Plan: Premium (₹75,000)'],
    ] as const) {
      await contact.goto(`?plan=${id}`);
      await expect(contact.planNote).toContainText(note);
    }
    await contact.goto('?plan=platinum');
    await expect(contact.enquiryForm.getByRole('heading', { name: 'Send Your Query' })).toBeVisible();
    await expect(contact.planNote).toHaveCount(0);
    await expect(contact.enquiryField('Message')).toHaveValue('');
    await expect(contact.serviceSelect()).toHaveValue('');
  });
});
