import { describe, expect, it } from 'vitest';
import { formatInr } from './currency.ts';

describe('formatInr', () => {
  it.each([
    [0, '₹0'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [15000, '₹15,000'],
    [35000, '₹35,000'],
    [75000, '₹75,000'],
    [99999, '₹99,999'],
    [100000, '₹1,00,000'],
    [150000, '₹1,50,000'],
    [1234567, '₹12,34,567'],
    [12500000, '₹1,25,00,000'],
  ])('formats %d as %s with Indian digit grouping', (amount, expected) => {
    expect(formatInr(amount)).toBe(expected);
  });

  it('rounds to whole rupees and keeps the sign', () => {
    expect(formatInr(14999.6)).toBe('₹15,000');
    expect(formatInr(-150000)).toBe('-₹1,50,000');
  });

  it('refuses values that are not numbers', () => {
    expect(() => formatInr(Number.NaN)).toThrow(/Cannot format NaN/);
    expect(() => formatInr(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
