import { describe, expect, it } from 'vitest';
import { routes } from './routes.ts';
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
