import type { PageVariant } from 'deploy-model/variants';
import { bucketOf, newBucketIdentifier } from 'federation/bucket';
import { describe, expect, it } from 'vitest';
import { pageVariantKey } from './edge-variant.ts';

const variants: PageVariant[] = [
  { from: 0, to: 10, dir: 'buckets/0-10', versions: { mf_marketing: '2.0.0' } },
  { from: 10, to: 30, dir: 'buckets/10-30', versions: { mf_portfolio: '3.0.0' } },
];

function identifierIn(from: number, to: number): string {
  for (;;) {
    const identifier = newBucketIdentifier();
    if (bucketOf(identifier) >= from && bucketOf(identifier) < to) return identifier;
  }
}

describe('pageVariantKey: the part of an edge-kept page’s cache key that the bucket cookie decides', () => {
  it('is the variant folder of the visitor’s bucket, or "default" outside every canary', () => {
    expect(pageVariantKey(`theme=dark; agency-bucket=${identifierIn(0, 10)}`, variants)).toBe('buckets/0-10');
    expect(pageVariantKey(`agency-bucket=${identifierIn(10, 30)}`, variants)).toBe('buckets/10-30');
    expect(pageVariantKey(`agency-bucket=${identifierIn(30, 100)}`, variants)).toBe('default');
    expect(pageVariantKey(`agency-bucket=${identifierIn(0, 10)}`, [])).toBe('default');
  });

  it('sends a visitor without a valid identifier to the origin', () => {
    for (const cookie of [undefined, '', 'agency-bucket=0', `agency-bucket=${'A'.repeat(32)}`, 'other=1']) {
      expect(pageVariantKey(cookie, variants)).toBeUndefined();
    }
  });
});
