import { describe, expect, it } from 'vitest';
import { PageHydration, type TrackedSlot } from './page-hydration.ts';

const slotNamed = (slot: string): TrackedSlot => ({
  slot,
  phase: 'waiting',
  dehydrated: true,
  inViewAtStart: false,
  trigger: () => undefined,
});

describe('PageHydration steps', () => {
  it('records each phase a slot enters, when, and why, once per change', () => {
    const hydration = new PageHydration();
    const slot = slotNamed('mf_contact/ContactPage');
    hydration.track(slot);
    hydration.update(slot, { phase: 'loading' }, 'interaction');
    hydration.update(slot, { phase: 'loading' }, 'idle');
    hydration.update(slot, { dehydrated: false });
    hydration.update(slot, { phase: 'live' });
    const steps = slot.steps ?? [];
    expect(steps.map(({ phase, why }) => [phase, why])).toEqual([
      ['waiting', undefined],
      ['loading', 'interaction'],
      ['live', undefined],
    ]);
    const times = steps.map(({ at }) => at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
