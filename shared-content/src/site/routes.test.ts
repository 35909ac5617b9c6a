import { describe, expect, it } from 'vitest';
import { otherPathRouteKey } from '../enquiry/vitals-contract.ts';
import { canonicalRoutePath, notFoundRouteKey, routes } from './routes.ts';
import type { RouteSlotEntry } from './slot-shape.ts';

const allSlots = Object.entries(routes).flatMap(([route, entry]) =>
  (entry.slots as readonly RouteSlotEntry[]).map((slot) => ({ route, slot })),
);

describe('when a slot’s code loads (codeLoads)', () => {
  it('is said only of a slot that needs code: a static section never loads any', () => {
    const stray = allSlots.filter(({ slot }) => slot.codeLoads !== undefined && !slot.needsCode);
    expect(stray.map(({ route, slot }) => `${route}: ${slot.remote}/${slot.module}`)).toEqual([]);
  });

  it('waits to be reached for on the portfolio and contact pages, whose first section is read before it is used', () => {
    expect(routes.portfolio.slots[0]).toMatchObject({ needsCode: true, codeLoads: 'when-reached' });
    expect(routes.contact.slots[0]).toMatchObject({ needsCode: true, codeLoads: 'when-reached' });
  });
});

describe('a path’s canonical route (canonicalRoutePath)', () => {
  it('names a route by its path: query and fragment dropped, a trailing slash ignored, an alias as its route', () => {
    expect(canonicalRoutePath('/')).toBe('/');
    expect(canonicalRoutePath('/?utm_source=x')).toBe('/');
    expect(canonicalRoutePath('/portfolio/')).toBe(routes.portfolio.path);
    expect(canonicalRoutePath('/portfolio?category=ecommerce#work')).toBe(routes.portfolio.path);
    expect(canonicalRoutePath('/Portfolio')).toBe(routes.portfolio.path);
    expect(canonicalRoutePath('/terms')).toBe(routes.terms.path);
  });

  it('groups every other path as the 404 page, case kept as the routes keep it', () => {
    for (const path of ['/admin', '/PORTFOLIO', '/portfolio/x', '/404', `/${'a'.repeat(200)}`, '/%2e%2e/']) {
      expect(canonicalRoutePath(path)).toBe(notFoundRouteKey);
    }
  });
});

describe("the 404 page's route key", () => {
  it('is the key the enquiry API keeps a path outside the table under', () => {
    expect(notFoundRouteKey).toBe(otherPathRouteKey);
  });
});
