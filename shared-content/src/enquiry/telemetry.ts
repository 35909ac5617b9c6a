import * as z from 'zod';
import { fieldPath } from './replies.ts';
import {
  beaconLimits,
  loadFailureReasons,
  pageLoadPattern,
  type RemoteHealthBeacon,
  type RemoteHealthEvent,
  releaseVersionPattern,
  remoteHealthKinds,
  remoteNamePattern,
} from './telemetry-contract.ts';

/**
 * The health telemetry contract's validator (POST /beacon): the zod schema the API checks a beacon with, and
 * its replies. The contract itself (kinds, reasons, limits, patterns, types) is telemetry-contract.ts, which
 * has no zod so that the shell can build beacons without bundling the validator; it is re-exported here.
 */
export * from './telemetry-contract.ts';

/** Replies of POST /beacon that are not about one field; no visitor sees them (sendBeacon ignores replies). */
export const beaconMessages = {
  contentType: 'Content-Type must be text/plain or application/json, with a JSON beacon as the body.',
  tooLarge: `A beacon must be at most ${beaconLimits.maxBytes} bytes.`,
  tooManyBeacons: (retryAfterSeconds: number) =>
    `Too many beacons from this client. Try again in ${retryAfterSeconds} s.`,
  unknownRemote: (field: string, remote: string, known: readonly string[]) =>
    `${field} "${remote}" is not one of the site's remotes: ${known.join(', ')}.`,
  notLive: (field: string, version: string, remote: string) =>
    `${field} "${version}" is not a version of ${remote} live on the site; nothing was stored.`,
  mapUnavailable: 'The live remote map could not be read, so no version can be checked; nothing was stored.',
  storeFailed: 'The beacon could not be stored.',
} as const;

const shortKey = (key: string) => (key.length > 40 ? `${key.slice(0, 40)}…` : key);

// zod passes each message function the issue with its whole path (issues are finalised at the top), so every
// message below can start with the field it is about, index included.
interface Issue {
  code?: string;
  input?: unknown;
  path?: PropertyKey[];
  keys?: string[];
}

/** A field's message: missing, or there with the wrong type or value (`problem`). */
function fieldError(problem: string) {
  return (issue: Issue) => {
    const field = fieldPath(issue.path);
    return issue.input === undefined ? `${field} is required.` : `${field} ${problem}`;
  };
}

/** An object's own problems: not an object, missing, or a key the contract does not have. */
function objectError(shape: string) {
  return (issue: Issue) => {
    const subject = fieldPath(issue.path) || 'The beacon';
    if (issue.code === 'unrecognized_keys') {
      return `${subject} has an unexpected field "${shortKey(issue.keys?.[0] ?? '')}".`;
    }
    if (issue.input === undefined) return `${subject} is required.`;
    return `${subject} must be ${shape}.`;
  };
}

const event = z
  .strictObject(
    {
      remote: z
        .string({
          error: fieldError(
            'must be a Module Federation name: a lower-case letter, then at most 39 lower-case letters, digits or underscores.',
          ),
        })
        .regex(remoteNamePattern),
      version: z
        .string({
          error: fieldError(
            'must be a release version: 1 to 64 letters, digits, dots, underscores, plus or minus signs, starting with a letter or digit.',
          ),
        })
        .regex(releaseVersionPattern),
      kind: z.enum(remoteHealthKinds, {
        error: fieldError(`must be one of: ${remoteHealthKinds.join(', ')}.`),
      }),
      reason: z
        .enum(loadFailureReasons, { error: fieldError(`must be one of: ${loadFailureReasons.join(', ')}.`) })
        .optional(),
      count: z
        .number({ error: fieldError(`must be a whole number from 1 to ${beaconLimits.maxCount}.`) })
        .int()
        .min(1)
        .max(beaconLimits.maxCount),
    },
    { error: objectError('an object: { remote, version, kind, reason?, count }') },
  )
  .refine((value) => value.kind !== 'load-failure' || value.reason !== undefined, {
    path: ['reason'],
    error: (issue) => `${fieldPath(issue.path)} is required for a load-failure.`,
  })
  .refine((value) => value.kind === 'load-failure' || value.reason === undefined, {
    path: ['reason'],
    error: (issue) =>
      `${fieldPath(issue.path)} is only for a load-failure, not for a ${(issue.input as RemoteHealthEvent).kind}.`,
  });

/** The body of POST /beacon, validated; every message names its field (`events[2].reason is required…`). */
export const remoteHealthBeaconSchema = z.strictObject(
  {
    events: z
      .array(event, {
        error: (issue: Issue) => {
          if (issue.code === 'too_small') return 'events must have at least 1 event.';
          if (issue.code === 'too_big') return `events must have at most ${beaconLimits.maxEvents} events.`;
          return fieldError('must be a list of events.')(issue);
        },
      })
      .min(1)
      .max(beaconLimits.maxEvents),
    // After events, so a beacon with neither is told about its events first.
    pageLoad: z
      .string({
        error: fieldError('must be the page load\'s random id: 16 to 64 letters, digits, "-" or "_".'),
      })
      .regex(pageLoadPattern),
  },
  { error: objectError('a JSON object: { events: [...], pageLoad }') },
) satisfies z.ZodType<RemoteHealthBeacon>;

/** The field path of an event's remote, for a reply about it (the API checks the names against the site's). */
export const remoteField = (index: number) => fieldPath(['events', index, 'remote']);
/** The field path of an event's version, for a reply about it (the API checks it against the live map). */
export const versionField = (index: number) => fieldPath(['events', index, 'version']);

/** The same messages for the Web Vitals report (vitals.ts). */
export { fieldError as beaconFieldError, objectError as beaconObjectError };
