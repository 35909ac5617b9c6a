import { describe, expect, it } from 'vitest';
import { formatInr } from './currency.ts';
import { isPricingPlanId, planContactPath, pricingPlans } from './pricing.ts';

describe('pricing plans', () => {
  it('has the three one-time prices of the spec', () => {
    expect(pricingPlans.map((plan) => [plan.name, formatInr(plan.price)])).toEqual([
      ['Starter', '₹15,000'],
      ['Business', '₹35,000'],
      ['Premium', '₹75,000'],
    ]);
  });

  it('marks only Business as most popular, with the GST note', () => {
    expect(pricingPlans.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['business']);
    expect(pricingPlans.find((plan) => plan.id === 'business')?.note).toBe('GST Invoice Available');
  });

  it('footnotes exactly one feature, the Starter free domain', () => {
    const footnoted = pricingPlans.flatMap((plan) => plan.features.filter((f) => f.endsWith('*')));
    expect(footnoted).toEqual(['Free Domain for 1 Year*']);
  });
});

describe('plan → contact links', () => {
  it.each([
    ['starter', '/contact?plan=starter'],
    ['business', '/contact?plan=business'],
    ['premium', '/contact?plan=premium'],
  ] as const)('%s leads to %s', (id, path) => {
    expect(planContactPath(id)).toBe(path);
  });

  it('recognises only the three plan ids', () => {
    expect(pricingPlans.every((plan) => isPricingPlanId(plan.id))).toBe(true);
    expect(isPricingPlanId('enterprise')).toBe(false);
    expect(isPricingPlanId('Business')).toBe(false);
    expect(isPricingPlanId(undefined)).toBe(false);
  });
});
