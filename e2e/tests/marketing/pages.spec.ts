import { expect, test } from '../../fixtures.ts';
import { MarketingObject } from '../../pages/marketing.ts';

/** Today's date as the legal pages show it (Intl, en-IN: "9 March 2027"). */
const today = () =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date());

test.describe('', { tag: ['@mf-marketing'] }, () => {
  test('services page: five cards with their calls to action and the closing banner', async ({ page }) => {
    await page.goto('/services');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Comprehensive Digital Solutions' }),
    ).toBeVisible();
    for (const [service, cta] of [
      ['Web Development', 'Start your project'],
      ['Mobile App Development', 'Build your app'],
      ['UI/UX Design', 'Design your vision'],
      ['E-Commerce Solutions', 'Launch your store'],
      ['SEO & Digital Marketing', 'Boost your traffic'],
    ] as const) {
      const card = page.getByRole('listitem', { name: service });
      await expect(card.getByRole('listitem')).not.toHaveCount(0);
      await expect(card.getByRole('link', { name: cta })).toHaveAttribute('href', '/contact');
    }
    await expect(
      page.getByRole('heading', { name: 'Ready to transform your digital presence?' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule Free Consultation' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('about page: the about section and related sections', async ({ page }) => {
    const marketing = new MarketingObject(page);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    const about = marketing.section('Your Partner in Digital Growth');
    await expect(about.getByRole('listitem')).toHaveCount(4);
    await expect(about.getByText('10+', { exact: true })).toBeVisible();
    await expect(marketing.section('What You Can Expect From Us').getByRole('listitem')).toHaveCount(4);
    await expect(marketing.section('Our Process')).toBeVisible();
    await expect(marketing.section('What Our Clients Say')).toBeVisible();
    await expect(marketing.section('Have a project in mind?')).toBeVisible();
  });

  test('privacy policy: nine sections, today as Last Updated, config placeholders, contact button', async ({
    page,
  }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByTestId('legal-updated')).toHaveText(`Last Updated: ${today()}`);
    const sections = page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / });
    await expect(sections).toHaveText([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. How We Share Your Information',
      '4. Cookies and Similar Technologies',
      '5. Data Security',
      '6. Your Rights',
      '7. Children’s Privacy',
      '8. Changes to This Policy',
      '9. Contact Us',
    ]);
    await expect(page.getByText(/not intended for children under 13/)).toBeVisible();
    const contact = page.getByRole('region', { name: '9. Contact Us' });
    for (const label of ['Company', 'Address', 'Phone', 'E-mail'])
      await expect(contact.getByText(label)).toBeVisible();
    await page.getByRole('link', { name: 'Contact Us for Privacy Questions' }).click();
    await expect(page).toHaveURL('/contact');
  });

  test('terms: the spec’s sections and rules, today as Last updated, on both paths', async ({ page }) => {
    for (const path of ['/terms-conditions', '/terms']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
      await expect(page.getByTestId('legal-updated')).toHaveText(`Last updated: ${today()}`);
    }
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveText([
      '1. Introduction',
      '2. User Accounts',
      '3. Intellectual Property',
      '4. Payments and Subscriptions',
      '5. Limitation of Liability',
      '6. Governing Law',
      '7. Changes to Terms',
      '8. Contact',
    ]);
    await expect(page.getByText(/at least 18 years old/)).toBeVisible();
    await expect(page.getByText(/at least 24 hours before it renews/)).toBeVisible();
    await expect(
      page.getByText('We do not give refunds for partial months or for unused services.'),
    ).toBeVisible();
    await expect(page.getByText(/at least 30 days notice/)).toBeVisible();
  });

  test('a plan button opens the contact page with the plan in the address', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'a link: once is enough');
    await page.goto('/');
    await page.getByRole('link', { name: 'Choose Business' }).click();
    await expect(page).toHaveURL('/contact?plan=business');
    await expect(
      page.getByRole('heading', { level: 1, name: "Let's Build Something Amazing Together" }),
    ).toBeVisible();
  });

  test('the legal contents list jumps to its section', async ({ page }, info) => {
    test.skip(info.project.name !== 'desktop', 'behaviour: once is enough');
    await page.goto('/privacy-policy');
    await page
      .getByRole('navigation', { name: 'On this page' })
      .getByRole('link', { name: 'Your Rights' })
      .click();
    await expect(page.getByRole('heading', { name: '6. Your Rights' })).toBeInViewport();
  });
});
