import { expect, test } from '../../fixtures.ts';
import { MarketingObject } from '../../pages/marketing.ts';

/** Spec sections 2 and 9: the home page's texts, at phone and desktop width (the layout differs). */
test.describe('home page', { tag: ['@mf-marketing'] }, () => {
  test('sections in the spec’s order, hero first', async ({ page, consoleErrors }) => {
    const marketing = new MarketingObject(page);
    await marketing.openHome();
    const headings = await marketing.headingsInOrder();
    expect(headings[0]).toBe('Elevate Your Business With Premium Digital Services');
    const at = (heading: string) => headings.indexOf(heading);
    for (const heading of [
      'Everything You Need to Grow Online',
      'Your Partner in Digital Growth',
      'Our Portfolio',
      'Our Process',
      'Affordable Plans for Indian Businesses',
      'What Our Clients Say',
      'Have a project in mind?',
      'Trusted by Industry Leaders',
    ])
      expect(at(heading), heading).toBeGreaterThan(0);
    expect(at('Our Portfolio')).toBeLessThan(at('Affordable Plans for Indian Businesses'));
    expect(at('Affordable Plans for Indian Businesses')).toBeLessThan(at('Trusted by Industry Leaders'));
    expect(consoleErrors).toEqual([]);
  });

  test('hero: eyebrow, headline, stats, buttons; the card only on large screens', async ({ page }, info) => {
    await page.goto('/');
    const hero = page.getByRole('region', { name: 'Elevate Your Business With Premium Digital Services' });
    await expect(hero.getByText('INNOVATIVE SOLUTIONS')).toBeVisible();
    for (const [value, label] of [
      ['3+', 'Years Experience'],
      ['50+', 'Satisfied Clients'],
      ['98%', 'Success Rate'],
    ] as const) {
      await expect(hero.getByText(value, { exact: true })).toBeVisible();
      await expect(hero.getByText(label)).toBeVisible();
    }
    await expect(hero.getByRole('link', { name: 'Get Your Free Consultation' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(hero.getByRole('link', { name: 'Explore Our Services' })).toHaveAttribute(
      'href',
      '/services',
    );
    const card = page.getByTestId('acceleration-card');
    if (info.project.name === 'desktop') await expect(card).toBeVisible();
    else await expect(card).toBeHidden();
    await expect(card).toContainText('Digital Acceleration');
  });

  test('services overview and about: texts, links and the team image from mf-marketing’s origin', async ({
    page,
    remoteOrigin,
  }) => {
    const marketing = new MarketingObject(page);
    await page.goto('/');
    const overview = marketing.section('Everything You Need to Grow Online');
    for (const service of [
      'Web Development',
      'Mobile App Development',
      'UI/UX Design',
      'E-Commerce Solutions',
      'SEO & Digital Marketing',
    ])
      await expect(overview.getByRole('heading', { level: 3, name: service })).toBeVisible();
    await expect(overview.getByRole('link', { name: 'View All Services' })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(overview.getByRole('link', { name: 'Book a Free Call' })).toHaveAttribute(
      'href',
      '/contact',
    );

    const about = marketing.section('Your Partner in Digital Growth');
    for (const claim of [
      'Tailored solutions for businesses of all sizes',
      'A passionate team driving innovation globally',
      'A proven track record of successful projects',
      'A client-focused approach with 24/7 support',
    ])
      await expect(about.getByRole('listitem').filter({ hasText: claim })).toBeVisible();
    await expect(about.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    await expect(about.getByRole('link', { name: 'Our Work' })).toHaveAttribute('href', '/portfolio');
    await expect(about.getByText('10+', { exact: true })).toBeVisible();
    await expect(about.getByText('100%', { exact: true })).toBeVisible();

    const team = about.getByRole('img', { name: /Illustration of the team/ });
    await team.scrollIntoViewIfNeeded();
    await expect(team).toHaveAttribute('src', new RegExp(`^${remoteOrigin('mf_marketing')}/`));
    await expect.poll(() => team.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(560);
  });

  test('pricing: three plans, Indian prices, badge, GST note, footnote and offers', async ({ page }) => {
    const pricing = new MarketingObject(page).section('Affordable Plans for Indian Businesses');
    await page.goto('/');
    for (const [plan, price, id] of [
      ['Starter', '₹15,000', 'starter'],
      ['Business', '₹35,000', 'business'],
      ['Premium', '₹75,000', 'premium'],
    ] as const) {
      const card = pricing.getByRole('listitem', { name: plan });
      await expect(card.getByText(price, { exact: true })).toBeVisible();
      await expect(card.getByText('one-time')).toBeVisible();
      await expect(card.getByRole('link', { name: `Choose ${plan}` })).toHaveAttribute(
        'href',
        `/contact?plan=${id}`,
      );
    }
    const business = pricing.getByRole('listitem', { name: 'Business' });
    await expect(business.getByText('Most Popular')).toBeVisible();
    await expect(business.getByText('GST Invoice Available')).toBeVisible();
    await expect(business.getByText('Google Business Profile Setup')).toBeVisible();
    await expect(
      pricing.getByRole('listitem', { name: 'Starter' }).getByText('Free Domain for 1 Year'),
    ).toBeVisible();
    await expect(pricing.getByText(/^\* Free domain for the first year/)).toBeVisible();
    await expect(pricing.getByRole('heading', { name: 'Special Offers for Indian Startups' })).toBeVisible();
    for (const offer of ['UPI & EMI Payment Options', 'Made in India Hosting', 'Local Language Support'])
      await expect(pricing.getByText(offer)).toBeVisible();
  });

  test('testimonials: subtitle, featured in full, cards cut at 120 characters, ratings, stats', async ({
    page,
  }) => {
    const testimonials = new MarketingObject(page).section('What Our Clients Say');
    await page.goto('/');
    await expect(
      testimonials.getByText("Don't just take our word for it - hear from businesses we've transformed."),
    ).toBeVisible();
    await expect(testimonials.getByTestId('featured-testimonial')).toContainText('Online orders doubled');
    const cards = testimonials.getByRole('listitem');
    await expect(cards).toHaveCount(3);
    for (const text of await cards.locator('blockquote').allTextContents()) {
      expect(text).toHaveLength(121);
      expect(text.endsWith('…')).toBe(true);
    }
    await expect(testimonials.getByRole('img', { name: 'Rated 4.5 out of 5' })).toHaveCount(2);
    await expect(testimonials.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(2);
    for (const place of ['India', 'Switzerland'])
      await expect(testimonials.getByText(new RegExp(`, ${place}$`)).first()).toBeVisible();
    for (const label of ['Client Satisfaction', 'Projects Completed', 'Support Available', 'Average Rating'])
      await expect(testimonials.getByText(label)).toBeVisible();
    for (const value of ['100%', '50+', '24/7', '5★'])
      await expect(testimonials.getByText(value, { exact: true })).toBeVisible();
  });

  test('call to action and client logos', async ({ page }) => {
    const marketing = new MarketingObject(page);
    await page.goto('/');
    const band = marketing.section('Have a project in mind?');
    await expect(band.getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/contact');
    await expect(band.getByRole('link', { name: 'Email Us' })).toHaveAttribute('href', /^mailto:/);
    const clients = marketing.section('Trusted by Industry Leaders');
    for (const logo of ['Lotus Weaves logo', 'Alpine Freight logo', 'Monsoon Mart logo'])
      await expect(clients.getByRole('img', { name: logo })).toBeVisible();
  });
});
