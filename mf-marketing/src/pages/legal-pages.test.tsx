import { ThemeProvider } from '@emotion/react';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { renderToString } from 'react-dom/server';
import { formatLegalDate, isoDate, todayDateAttribute } from 'shared-content/marketing';
import { siteConfig } from 'shared-content/site';
import { theme } from 'shared-content/theme';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyPolicyPage } from './PrivacyPolicyPage.tsx';
import { TermsPage } from './TermsPage.tsx';

function sectionHeadings() {
  return screen
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent)
    .filter((text) => /^\d+\. /.test(text ?? ''));
}

function section(name: string) {
  return screen.getByRole('region', { name: new RegExp(`^\\d+\\. ${name}$`) });
}

describe('legal pages show today’s date', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 2, 9, 10, 30));
  });
  afterEach(() => vi.useRealTimers());

  it('formats the date for people and machines', () => {
    expect(formatLegalDate(new Date(2027, 2, 9))).toBe('9 March 2027');
    expect(isoDate(new Date(2027, 2, 9))).toBe('2027-03-09');
  });

  it('privacy: Last Updated is today', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByText('Last Updated:').textContent).toBe('Last Updated: 9 March 2027');
    expect(screen.getByText('9 March 2027')).toHaveAttribute('datetime', '2027-03-09');
  });

  it('terms: Last updated is today', () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getByText('Last updated:').textContent).toBe('Last updated: 9 March 2027');
  });

  it('marks the date for the page loader, which sets it to the visitor’s today on a prerendered page', () => {
    const { unmount } = renderWithProviders(<TermsPage />);
    expect(screen.getByText('9 March 2027')).toHaveAttribute(todayDateAttribute);
    unmount();
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByText('9 March 2027')).toHaveAttribute(todayDateAttribute);
  });

  it('prerenders the day of rendering into the marked <time>, with no hydration to wait for', () => {
    const holder = document.createElement('div');
    holder.innerHTML = renderToString(
      <ThemeProvider theme={theme}>
        <TermsPage />
      </ThemeProvider>,
    );
    const time = holder.querySelector(`time[${todayDateAttribute}]`);
    expect(time?.textContent).toBe('9 March 2027');
    expect(time?.getAttribute('datetime')).toBe('2027-03-09');
  });
});

describe('PrivacyPolicyPage', () => {
  it('has the nine sections of the spec, in order, with a contents list', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(sectionHeadings()).toEqual([
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
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(contents).getAllByRole('link')).toHaveLength(9);
    expect(within(contents).getByRole('link', { name: 'Data Security' })).toHaveAttribute(
      'href',
      '#data-security',
    );
  });

  it('says the services are not for children under 13', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(
      within(section('Children’s Privacy')).getByText(/not intended for children under 13/),
    ).toBeVisible();
  });

  it('names the company, address and phone from the site configuration', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    const contact = section('Contact Us');
    expect(within(contact).getByText(siteConfig.legalName)).toBeInTheDocument();
    expect(within(contact).getByText(siteConfig.address.postal)).toBeInTheDocument();
    expect(within(contact).getByRole('link', { name: siteConfig.phones.primary.display })).toHaveAttribute(
      'href',
      `tel:${siteConfig.phones.primary.tel}`,
    );
    expect(within(contact).getByRole('link', { name: siteConfig.email })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.email}`,
    );
  });

  it('ends with Contact Us for Privacy Questions → /contact', () => {
    renderWithProviders(<PrivacyPolicyPage />);
    expect(screen.getByRole('link', { name: 'Contact Us for Privacy Questions' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});

describe('TermsPage', () => {
  it('has the sections of the spec, in order', () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(sectionHeadings()).toEqual([
      '1. Introduction',
      '2. User Accounts',
      '3. Intellectual Property',
      '4. Payments and Subscriptions',
      '5. Limitation of Liability',
      '6. Governing Law',
      '7. Changes to Terms',
      '8. Contact',
    ]);
  });

  it('states the spec’s rules: age 18, 24 hours, no refunds, 30 days notice', () => {
    renderWithProviders(<TermsPage />);
    expect(within(section('User Accounts')).getByText(/at least 18 years old/)).toBeInTheDocument();
    const payments = section('Payments and Subscriptions');
    expect(within(payments).getByText(/cancel it at least 24 hours before it renews/)).toBeInTheDocument();
    expect(
      within(payments).getByText('We do not give refunds for partial months or for unused services.'),
    ).toBeInTheDocument();
    expect(within(section('Changes to Terms')).getByText(/at least 30 days notice/)).toBeInTheDocument();
    expect(within(section('Governing Law')).getByText(/laws of India/)).toBeInTheDocument();
  });
});
