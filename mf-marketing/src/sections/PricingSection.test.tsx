import { screen, within } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { describe, expect, it } from 'vitest';
import { PricingSection } from './PricingSection.tsx';

function planCard(name: string) {
  return screen.getByRole('listitem', { name });
}

describe('PricingSection', () => {
  it('shows the heading and the three one-time prices in Indian format', () => {
    renderWithProviders(<PricingSection />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Affordable Plans for Indian Businesses' }),
    ).toBeInTheDocument();
    expect(within(planCard('Starter')).getByText('₹15,000')).toBeInTheDocument();
    expect(within(planCard('Business')).getByText('₹35,000')).toBeInTheDocument();
    expect(within(planCard('Premium')).getByText('₹75,000')).toBeInTheDocument();
    expect(screen.getAllByText('one-time')).toHaveLength(3);
  });

  it.each([
    ['Starter', 'Choose Starter', '/contact?plan=starter'],
    ['Business', 'Choose Business', '/contact?plan=business'],
    ['Premium', 'Choose Premium', '/contact?plan=premium'],
  ])('%s’s button leads to the contact page with the plan chosen', (plan, label, href) => {
    renderWithProviders(<PricingSection />);
    expect(within(planCard(plan)).getByRole('link', { name: label })).toHaveAttribute('href', href);
  });

  it('puts the Most Popular badge and the GST note on Business only', () => {
    renderWithProviders(<PricingSection />);
    expect(screen.getAllByText('Most Popular')).toHaveLength(1);
    expect(within(planCard('Business')).getByText('Most Popular')).toBeInTheDocument();
    expect(screen.getAllByText('GST Invoice Available')).toHaveLength(1);
    expect(within(planCard('Business')).getByText('GST Invoice Available')).toBeInTheDocument();
  });

  it('lists exactly the features of the spec', () => {
    renderWithProviders(<PricingSection />);
    const features = (plan: string) =>
      within(within(planCard(plan)).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(features('Starter')).toEqual([
      '5-Page Website',
      'Mobile Responsive',
      'Basic SEO Setup',
      'Contact Form',
      '1 Month Support',
      'Free Domain for 1 Year* (see note below the plans)',
    ]);
    expect(features('Business')).toEqual([
      '15-Page Website',
      'Advanced SEO',
      'CMS Integration',
      'WhatsApp Integration',
      '3 Months Support',
      'Free Hosting for 1 Year',
      'Google Business Profile Setup',
    ]);
    expect(features('Premium')).toEqual([
      'Unlimited Pages',
      'E-commerce Ready',
      'Payment Gateway Setup',
      'Multi-language Support',
      '6 Months Support',
      'Social Media Integration',
      'Monthly Analytics Report',
    ]);
  });

  it('explains the free-domain asterisk and lists the startup offers', () => {
    renderWithProviders(<PricingSection />);
    expect(screen.getByText(/^\* Free domain for the first year/)).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Special Offers for Indian Startups' }),
    ).toBeInTheDocument();
    for (const offer of ['UPI & EMI Payment Options', 'Made in India Hosting', 'Local Language Support'])
      expect(screen.getByText(offer)).toBeInTheDocument();
  });
});
