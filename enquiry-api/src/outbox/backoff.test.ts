import { describe, expect, it } from 'vitest';
import { retryDelay } from './backoff.ts';

describe('retryDelay', () => {
  it('doubles from the base and stops at the cap', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((attempts) => retryDelay(attempts, 1000, 10_000, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });

  it('takes at most a quarter off at random, and survives huge attempt counts', () => {
    expect(retryDelay(1, 1000, 10_000, () => 1)).toBe(750);
    expect(retryDelay(10_000, 1000, 60_000, () => 0.5)).toBe(52_500);
  });
});
