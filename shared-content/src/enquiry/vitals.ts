import * as z from 'zod';
import { beaconFieldError as fieldError, beaconObjectError as objectError } from './telemetry.ts';
import { pageLoadPattern, releaseVersionPattern, remoteNamePattern } from './telemetry-contract.ts';
import {
  bucketCount,
  maxSlotVersions,
  routePathPattern,
  type VitalsReport,
  webVitalMaxima,
} from './vitals-contract.ts';

/**
 * The Web Vitals contract's validator (POST /vitals): the zod schema the API checks a report with, and its
 * replies. The contract itself is vitals-contract.ts (no zod, for the shell); it is re-exported here. Strict as
 * the health beacon is: any other field is refused (400), so nothing but figures, a route, versions and a bucket
 * is ever stored.
 */
export * from './vitals-contract.ts';

export const vitalsMessages = {
  repeatedRemote: (field: string, remote: string) => `${field} "${remote}" is named twice in versions.`,
} as const;

const metric = (name: keyof typeof webVitalMaxima, whole: boolean) => {
  const max = webVitalMaxima[name];
  const shape = whole ? `a whole number of milliseconds from 0 to ${max}` : `a number from 0 to ${max}`;
  const number = z
    .number({ error: fieldError(`must be ${shape}.`) })
    .min(0)
    .max(max);
  return (whole ? number.int() : number).optional();
};

const slotVersion = z.strictObject(
  {
    remote: z.string({ error: fieldError('must be a Module Federation name.') }).regex(remoteNamePattern),
    version: z.string({ error: fieldError('must be a release version.') }).regex(releaseVersionPattern),
  },
  { error: objectError('an object: { remote, version }') },
);

/** The body of POST /vitals, validated; every message names its field. */
export const vitalsReportSchema = z.strictObject(
  {
    pageLoad: z
      .string({
        error: fieldError('must be the page load\'s random id: 16 to 64 letters, digits, "-" or "_".'),
      })
      .regex(pageLoadPattern),
    route: z
      .string({
        error: fieldError("must be a page's path, such as /portfolio: at most 256 characters, no space."),
      })
      .regex(routePathPattern),
    bucket: z
      .number({ error: fieldError(`must be a whole number from 0 to ${bucketCount - 1}.`) })
      .int()
      .min(0)
      .max(bucketCount - 1),
    versions: z
      .array(slotVersion, { error: fieldError('must be a list of { remote, version }.') })
      .min(1, { error: 'versions must name at least 1 remote.' })
      .max(maxSlotVersions, { error: `versions must name at most ${maxSlotVersions} remotes.` }),
    vitals: z
      .strictObject(
        { LCP: metric('LCP', true), INP: metric('INP', true), CLS: metric('CLS', false) },
        { error: objectError('an object: { LCP?, INP?, CLS? }') },
      )
      .refine((vitals) => Object.keys(vitals).length > 0, { error: 'vitals must hold at least one metric.' }),
  },
  { error: objectError('a JSON object: { pageLoad, route, bucket, versions, vitals }') },
) satisfies z.ZodType<VitalsReport>;
