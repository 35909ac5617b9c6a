import { describe, expect, it } from 'vitest';
import { matchRoute } from './match-route.ts';

describe('matchRoute', () => {
  it.each([
    ['/', '/'],
    ['/services', '/services'],
    ['/services/', '/services'],
    ['/Portfolio', '/portfolio'],
    ['/terms', '/terms-conditions'],
    ['/terms-conditions', '/terms-conditions'],
  ])('%s is the page %s', (pathname, canonical) => {
    expect(matchRoute(pathname)?.path).toBe(canonical);
  });

  it.each(['/nope', '/services/extra', '/PORTFOLIO'])('%s is not a page', (pathname) => {
    expect(matchRoute(pathname)).toBeNull();
  });
});
