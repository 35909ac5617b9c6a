import { type PageVariant, variantOf } from 'deploy-model/variants';
import { bucketIdentifierIn, bucketOf } from 'federation/bucket';

/**
 * What an edge that keeps pages must add to a page's cache key: the variant the origin would serve this
 * visitor (the folder of pages/buckets.json, or "default"). The same two pure functions the hosts use
 * (bucketOf of the agency-bucket cookie, variantOf of the index), so the edge and the origin cannot disagree.
 * Undefined for a visitor without a valid identifier: that request must reach the origin, which gives one.
 */
export function pageVariantKey(
  cookieHeader: string | undefined,
  variants: readonly PageVariant[],
): string | undefined {
  const identifier = bucketIdentifierIn(cookieHeader);
  if (identifier === undefined) return undefined;
  return variantOf(variants, bucketOf(identifier))?.dir ?? 'default';
}
