import { describe, expect, it } from 'vitest';
import { enquiryServices } from '../types.ts';
import { findPlan, formatRupees, planEnquiryCopy, planSummaries } from './plans.ts';

describe('plan enquiries', () => {
  it('formats one-time prices in rupees with Indian digit grouping', () => {
    expect(formatRupees(15000)).toBe('₹15,000');
    expect(formatRupees(35000)).toBe('₹35,000');
    expect(formatRupees(150000)).toBe('₹1,50,000');
  });

  it('finds the three plans by id and nothing else', () => {
    expect(findPlan('starter')).toBe(planSummaries.starter);
    expect(findPlan('business')?.price).toBe(35000);
    expect(findPlan('premium')?.name).toBe('Premium');
    for (const unknown of ['gold', 'Business', '', null, undefined, 'constructor', '__proto__', 'toString']) {
      expect(findPlan(unknown)).toBeUndefined();
    }
  });

  it('builds the visible note and picks a service the form offers', () => {
    expect(planEnquiryCopy.note(planSummaries.business)).toBe('Plan: Business (₹35,000)');
    expect(enquiryServices).toContain(planEnquiryCopy.service);
  });
});
