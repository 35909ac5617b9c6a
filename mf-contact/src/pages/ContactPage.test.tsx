import { screen, within } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { localRuntimeConfig, siteConfig } from 'shared-content/site';
import { describe, expect, it } from 'vitest';
import { ContactPage } from './ContactPage.tsx';

const runtimeConfig = localRuntimeConfig('http://api.test');

describe('the contact page', () => {
  it('shows its parts in the spec’s order, with Get In Touch closing the page', () => {
    renderWithProviders(<ContactPage runtimeConfig={runtimeConfig} />, { path: '/contact' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      "Let's Build Something Amazing Together",
    );
    expect(screen.getByText(/get back to you within 24 hours/)).toBeVisible();
    expect(headings).toEqual([
      'Send Your Query',
      'Our Contact Details',
      'Frequently Asked Questions',
      'Connect With Us',
      'Get In Touch',
    ]);
    expect(document.getElementById('faqs')).toContainElement(
      screen.getByRole('heading', { name: 'Frequently Asked Questions' }),
    );
    expect(document.getElementById('contact')).toContainElement(
      screen.getByRole('heading', { name: 'Get In Touch' }),
    );
  });

  it('lists Our Contact Details as stated', () => {
    renderWithProviders(<ContactPage runtimeConfig={runtimeConfig} />, { path: '/contact' });
    const card = within(screen.getByRole('region', { name: 'Our Contact Details' }));
    expect(card.getByRole('link', { name: siteConfig.phones.primary.display })).toHaveAttribute(
      'href',
      `tel:${siteConfig.phones.primary.tel}`,
    );
    expect(card.getByRole('link', { name: siteConfig.phones.secondary.display })).toHaveAttribute(
      'href',
      `tel:${siteConfig.phones.secondary.tel}`,
    );
    const chat = card.getByRole('link', { name: 'Chat Now (24/7 Support)' });
    expect(chat).toHaveAttribute('href', siteConfig.whatsappUrl);
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(card.getByRole('link', { name: siteConfig.email })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.email}`,
    );
    expect(card.getByText('Monday to Friday').closest('li')).toHaveTextContent('Monday to Friday 9AM-6PM');
    expect(card.getByText('Saturday').closest('li')).toHaveTextContent('Saturday 10AM-4PM');
    expect(card.getByText('Remote across India, based in Noida, Uttar Pradesh')).toBeVisible();
  });

  it('lists Get In Touch’s own details and hours', () => {
    renderWithProviders(<ContactPage runtimeConfig={runtimeConfig} />, { path: '/contact' });
    const section = within(screen.getByRole('region', { name: 'Get In Touch' }));
    expect(section.getByRole('link', { name: siteConfig.phones.primary.display })).toBeVisible();
    expect(section.getByRole('link', { name: siteConfig.email })).toBeVisible();
    expect(section.getByText('Noida, Uttar Pradesh, India')).toBeVisible();
    const hours = section.getAllByRole('listitem').map((item) => item.textContent);
    expect(hours).toEqual(
      expect.arrayContaining([
        'Monday to Friday 9:00 AM-5:00 PM',
        'Saturday 10:00 AM-2:00 PM',
        'Sunday closed',
      ]),
    );
  });

  it('links the five social profiles in new tabs, plus a mail line', () => {
    renderWithProviders(<ContactPage runtimeConfig={runtimeConfig} />, { path: '/contact' });
    const section = within(screen.getByRole('region', { name: 'Connect With Us' }));
    const profiles = section.getAllByRole('link', { name: /opens in a new tab/ });
    expect(profiles.map((link) => link.textContent?.replace(/\s*\(opens in a new tab\)/, ''))).toEqual([
      'Facebook',
      'Twitter',
      'Instagram',
      'LinkedIn',
      'GitHub',
    ]);
    for (const link of profiles) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(section.getByRole('link', { name: siteConfig.email })).toHaveAttribute(
      'href',
      `mailto:${siteConfig.email}`,
    );
  });

  it('pre-fills the form for a known plan and ignores an unknown one', async () => {
    const { unmount } = renderWithProviders(<ContactPage runtimeConfig={runtimeConfig} />, {
      path: '/contact?plan=premium',
    });
    expect(await screen.findByText('Plan: Premium (₹75,000)')).toBeVisible();
    unmount();
    renderWithProviders(<ContactPage runtimeConfig={runtimeConfig} />, { path: '/contact?plan=gold' });
    expect(screen.queryByTestId('plan-note')).toBeNull();
    const form = within(screen.getByRole('form', { name: 'Send Your Query' }));
    expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });
});
