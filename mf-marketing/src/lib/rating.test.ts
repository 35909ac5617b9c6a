import { describe, expect, it } from 'vitest';
import { normaliseRating, starFills } from './rating.ts';

describe('starFills', () => {
  it.each([
    [5, ['full', 'full', 'full', 'full', 'full']],
    [4.5, ['full', 'full', 'full', 'full', 'half']],
    [3.5, ['full', 'full', 'full', 'half', 'empty']],
    [3, ['full', 'full', 'full', 'empty', 'empty']],
    [0.5, ['half', 'empty', 'empty', 'empty', 'empty']],
    [0, ['empty', 'empty', 'empty', 'empty', 'empty']],
  ])('%d stars → %j', (rating, fills) => {
    expect(starFills(rating)).toEqual(fills);
  });
});

describe('normaliseRating', () => {
  it('rounds to the nearest half star', () => {
    expect(normaliseRating(4.2)).toBe(4);
    expect(normaliseRating(4.3)).toBe(4.5);
    expect(normaliseRating(4.8)).toBe(5);
  });

  it('keeps ratings between 0 and 5', () => {
    expect(normaliseRating(7)).toBe(5);
    expect(normaliseRating(-1)).toBe(0);
    expect(normaliseRating(Number.NaN)).toBe(0);
  });
});
