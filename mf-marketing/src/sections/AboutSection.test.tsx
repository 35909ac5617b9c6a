import { screen } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { aboutCopy } from 'shared-content/marketing';
import { describe, expect, it } from 'vitest';
import { AboutSection } from './AboutSection.tsx';

describe('AboutSection', () => {
  it('lists the four claims of the spec as bullets', () => {
    renderWithProviders(<AboutSection />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Tailored solutions for businesses of all sizes',
      'A passionate team driving innovation globally',
      'A proven track record of successful projects',
      'A client-focused approach with 24/7 support',
    ]);
  });

  it('leads to the contact page and the portfolio', () => {
    renderWithProviders(<AboutSection />);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Our Work' })).toHaveAttribute('href', '/portfolio');
  });

  it('shows the team image with alt text, size and the 10+ and 100% badges', () => {
    renderWithProviders(<AboutSection />);
    const image = screen.getByRole('img', { name: aboutCopy.image.alt });
    expect(image).toHaveAttribute('width', '560');
    expect(image).toHaveAttribute('height', '460');
    expect(image.getAttribute('src')).toMatch(/team.*\.svg$/);
    expect(screen.getByText('10+').parentElement).toHaveTextContent('10+Team Members');
    expect(screen.getByText('100%').parentElement).toHaveTextContent('100%Client Satisfaction');
  });
});
