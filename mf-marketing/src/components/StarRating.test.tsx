import { screen } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { describe, expect, it } from 'vitest';
import { StarRating } from './StarRating.tsx';

function starsOf(label: string) {
  const rating = screen.getByRole('img', { name: label });
  return Array.from(rating.querySelectorAll('svg')).map((star) => star.getAttribute('data-star'));
}

describe('StarRating', () => {
  it('draws 4.5 as four full stars and a half star, labelled for screen readers', () => {
    renderWithProviders(<StarRating rating={4.5} />);
    expect(starsOf('Rated 4.5 out of 5')).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('draws the half star as a filled star clipped to its left half', () => {
    renderWithProviders(<StarRating rating={2.5} />);
    const half = screen.getByRole('img', { name: 'Rated 2.5 out of 5' }).querySelector('[data-star="half"]');
    const clip = half?.querySelector('clipPath');
    expect(clip?.querySelector('rect')?.getAttribute('width')).toBe('12');
    expect(half?.querySelector(`[clip-path="url(#${clip?.id})"]`)).not.toBeNull();
  });

  it('draws 5 as five full stars', () => {
    renderWithProviders(<StarRating rating={5} />);
    expect(starsOf('Rated 5 out of 5')).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('labels the rating it draws, rounded to a half step', () => {
    renderWithProviders(<StarRating rating={3.3} />);
    expect(starsOf('Rated 3.5 out of 5')).toEqual(['full', 'full', 'full', 'half', 'empty']);
  });

  it('gives every half star its own clip path', () => {
    renderWithProviders(
      <>
        <StarRating rating={0.5} />
        <StarRating rating={1.5} />
      </>,
    );
    const ids = Array.from(document.querySelectorAll('clipPath')).map((clip) => clip.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });
});
