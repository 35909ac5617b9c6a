import { describe, expect, it } from 'vitest';
import {
  bucketCookie,
  bucketCookieValue,
  bucketIdentifierIn,
  bucketOf,
  isBucketIdentifier,
  newBucketIdentifier,
} from './bucket.ts';

describe('visitor buckets', () => {
  it('a new identifier is 128 random bits in hex, different each time', () => {
    const first = newBucketIdentifier();
    expect(isBucketIdentifier(first)).toBe(true);
    expect(newBucketIdentifier()).not.toBe(first);
  });

  it('the same identifier always lands in the same bucket, 0–99', () => {
    const id = newBucketIdentifier();
    expect(bucketOf(id)).toBe(bucketOf(id));
    expect(bucketOf(id)).toBeGreaterThanOrEqual(0);
    expect(bucketOf(id)).toBeLessThan(100);
  });

  it('spreads identifiers over the buckets evenly enough for a 10% canary', () => {
    const counts = new Array<number>(100).fill(0);
    for (let index = 0; index < 20_000; index += 1) {
      const bucket = bucketOf(newBucketIdentifier());
      counts[bucket] = (counts[bucket] ?? 0) + 1;
    }
    const underTen = counts.slice(0, 10).reduce((sum, count) => sum + count, 0) / 20_000;
    expect(underTen).toBeGreaterThan(0.08);
    expect(underTen).toBeLessThan(0.12);
  });

  it('reads the identifier from a Cookie header among others, and refuses a forged one', () => {
    const id = 'a'.repeat(32);
    expect(bucketIdentifierIn(`theme=dark; ${bucketCookie}=${id}; x=1`)).toBe(id);
    expect(bucketIdentifierIn(`${bucketCookie}=../../etc`)).toBeUndefined();
    expect(bucketIdentifierIn(`${bucketCookie}=${'A'.repeat(32)}`)).toBeUndefined();
    expect(bucketIdentifierIn(undefined)).toBeUndefined();
    expect(bucketIdentifierIn('')).toBeUndefined();
  });

  it('the cookie is first-party for the whole site, a year, Lax, Secure on https', () => {
    const id = 'b'.repeat(32);
    expect(bucketCookieValue(id, false)).toBe(
      `${bucketCookie}=${id}; Path=/; Max-Age=31536000; SameSite=Lax`,
    );
    expect(bucketCookieValue(id, true)).toMatch(/; Secure$/);
  });
});
