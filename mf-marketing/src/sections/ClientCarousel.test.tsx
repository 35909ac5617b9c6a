import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { describe, expect, it } from 'vitest';
import { ClientCarousel } from './ClientCarousel.tsx';

describe('ClientCarousel', () => {
  it('announces the three client logos once, however often the loop repeats them', () => {
    renderWithProviders(<ClientCarousel />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Trusted by Industry Leaders' }),
    ).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Client logos' });
    const named = ['Lotus Weaves logo', 'Alpine Freight logo', 'Monsoon Mart logo'].map((name) =>
      screen.getByRole('img', { name }),
    );
    expect(new Set(named.map((logo) => logo.getAttribute('src'))).size).toBe(3);
    // Two identical halves of two sets each: the loop moves by exactly one half.
    const items = region.querySelectorAll('li');
    expect(items).toHaveLength(12);
    expect(region.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(9);
    const sources = Array.from(items, (item) => item.querySelector('img')?.getAttribute('src'));
    expect(sources.slice(6)).toEqual(sources.slice(0, 6));
  });

  it('is focusable so keyboard users can pause it, and has a pause button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientCarousel />);
    const region = screen.getByRole('region', { name: 'Client logos' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveAttribute('data-paused', 'false');
    await user.click(screen.getByRole('button', { name: 'Pause animation' }));
    expect(region).toHaveAttribute('data-paused', 'true');
    await user.click(screen.getByRole('button', { name: 'Play animation' }));
    expect(region).toHaveAttribute('data-paused', 'false');
  });
});
