import { describe, expect, it } from 'vitest';
import { enquiryServices } from '../enquiry/fields.ts';
import { findPlan, planEnquiryCopy, planSummaries } from './plans.ts';

describe('plan enquiries', () => {
  it('finds the three plans by id and nothing else', () => {
    expect(findPlan('starter')).toBe(planSummaries.starter);
    expect(findPlan('business')?.price).toBe(35000);
    expect(findPlan('premium')?.name).toBe('Premium');
    for (const unknown of ['gold', 'Business', '', null, undefined, 'constructor', '__proto__', 'toString']) {
      expect(findPlan(unknown)).toBeUndefined();
    }
  });

  it('takes each plan’s name and price from the pricing section', () => {
    expect(planSummaries.starter).toEqual({ id: 'starter', name: 'Starter', price: 15000 });
    expect(planSummaries.premium.price).toBe(75000);
  });

  it('builds the visible note and picks a service the form offers', () => {
    expect(planEnquiryCopy.note(planSummaries.business)).toBe('Plan: Business (₹35,000)');
    expect(enquiryServices).toContain(planEnquiryCopy.service);
  });
});
