/**
 * Page variants. With a canary in the remote map, visitors in different buckets (federation/src/bucket.ts)
 * load different remote versions, and a prerendered page must hold what their versions render, or it would not
 * hydrate. writePages (../pages.ts) writes one set of pages per set of versions: the default versions' where
 * the pages always were (pages/<file>), each other's in pages/buckets/<from>-<to>/, and buckets.json lists the
 * latter, so a host or a CDN's edge function picks a visitor's folder from the bucket alone, without reading
 * the remote map. Without a canary there is neither.
 */
import type { RemoteName } from 'build-config/topology';

/** One variant: the buckets [from, to) it is for, its folder (relative to the pages), the versions it renders. */
export interface PageVariant {
  from: number;
  to: number;
  dir: string;
  versions: Partial<Record<RemoteName, string>>;
}

/** The index of the variants, beside the default pages. */
export const variantsIndexName = 'buckets.json';

/** The folder of the variant for buckets [from, to), relative to the pages, with "/" as written in the index. */
export const variantDir = ({ from, to }: Pick<PageVariant, 'from' | 'to'>) => `buckets/${from}-${to}`;

/** The variant a bucket (0–99) is served, or undefined: the default pages. */
export const variantOf = (variants: readonly PageVariant[], bucket: number) =>
  variants.find(({ from, to }) => bucket >= from && bucket < to);

const isBucketBound = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;

function parseVariant(input: unknown, index: number): PageVariant {
  const at = `entry ${index}`;
  if (typeof input !== 'object' || input === null) throw new Error(`${at} is not an object`);
  const { from, to, dir, versions } = input as Record<string, unknown>;
  if (!isBucketBound(from) || !isBucketBound(to) || from >= to)
    throw new Error(`${at} needs whole buckets with 0 ≤ from < to ≤ 100`);
  // Only the folder writePages names for that range: an index can never point a host anywhere else.
  if (dir !== variantDir({ from, to })) throw new Error(`${at}: dir must be "${variantDir({ from, to })}"`);
  if (
    typeof versions !== 'object' ||
    versions === null ||
    !Object.values(versions).every((version) => typeof version === 'string')
  )
    throw new Error(`${at}: versions must map remote names to versions`);
  return { from, to, dir, versions: versions as PageVariant['versions'] };
}

/** Reads buckets.json; throws, saying what is wrong, for anything writePages would not have written. */
export function parsePageVariants(input: unknown): PageVariant[] {
  if (!Array.isArray(input)) throw new Error('not a list of page variants');
  return input.map(parseVariant);
}
