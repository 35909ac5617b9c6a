import { describe, expect, it } from 'vitest';
import { filterOptions, parseFilter } from './filtering.ts';
import { categoryParam, portfolioHref, viewParam } from './portfolio-url.ts';

describe('portfolioHref', () => {
  it('links to /portfolio with the category, encoded', () => {
    expect(portfolioHref({ filter: 'Real Estate', showAll: false })).toBe('/portfolio?category=Real+Estate');
    expect(portfolioHref({ filter: 'ECommerce', showAll: true })).toBe(
      '/portfolio?category=ECommerce&view=all',
    );
  });

  it('round-trips every filter through the URL', () => {
    for (const filter of filterOptions) {
      const url = new URL(portfolioHref({ filter, showAll: true }), 'http://localhost');
      expect(parseFilter(url.searchParams.get(categoryParam))).toBe(filter);
      expect(url.searchParams.get(viewParam)).toBe('all');
    }
  });
});
