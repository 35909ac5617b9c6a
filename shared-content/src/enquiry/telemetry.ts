import * as z from 'zod';
import { fieldPath } from './replies.ts';

/**
 * The health telemetry contract between the shell and the enquiry API (POST /beacon). The shell counts, per
 * remote and per remote version, how the remote behaves in visitors' browsers and sends the counts with
 * `navigator.sendBeacon(apiUrl + enquiryApiPaths.beacon, JSON.stringify(beacon))`; the release tooling reads
 * the sums to decide whether a canary version may stay.
 *
 * No personal data and no free text: a beacon holds only a remote's name, a release version, one of the fixed
 * kinds and reasons below, and a count. Every object is strict, so an error message, a URL, a user agent or
 * anything else a page might want to add is refused (400) rather than stored. The API keys nothing by visitor
 * either: it adds the counts to per-minute totals, and the beacon's time is the server's.
 */

/** What happened to a remote: shown, failed to load, threw while rendering, or hydrated differently. */
export const remoteHealthKinds = ['view', 'load-failure', 'render-error', 'hydration-mismatch'] as const;
export type RemoteHealthKind = (typeof remoteHealthKinds)[number];

/** Why a remote failed to load; required for a `load-failure` and refused for any other kind. */
export const loadFailureReasons = ['network', 'timeout', 'incompatible', 'integrity'] as const;
export type LoadFailureReason = (typeof loadFailureReasons)[number];

/**
 * Bounds of one beacon. Both the bytes and the events count: an event of the longest names takes about 200
 * bytes, so a beacon of 24 such events would be refused; the shell sends several beacons then.
 */
export const beaconLimits = {
  /** The request body, in bytes (413 above it). */
  maxBytes: 4096,
  /** Events in one beacon. */
  maxEvents: 24,
  /** One event's count; more of the same goes into another event or the next beacon. */
  maxCount: 50,
} as const;

/** A Module Federation name as the site's remotes have them (`mf_contact`): a JS identifier, lower case. */
export const remoteNamePattern = /^[a-z][a-z0-9_]{0,39}$/;
/** A release version, which is also the folder it is published in (`1.4.0-3f43688a`). */
export const releaseVersionPattern = /^[A-Za-z0-9][A-Za-z0-9._+-]{0,63}$/;

/** One count of one kind of behaviour of one remote version. */
export interface RemoteHealthEvent {
  remote: string;
  version: string;
  kind: RemoteHealthKind;
  /** Only for a `load-failure`, and then required. */
  reason?: LoadFailureReason;
  /** How many times, from 1 to `beaconLimits.maxCount`. */
  count: number;
}

/** The body of POST /beacon. */
export interface RemoteHealthBeacon {
  events: RemoteHealthEvent[];
}

/** Replies of POST /beacon that are not about one field; no visitor sees them (sendBeacon ignores replies). */
export const beaconMessages = {
  contentType: 'Content-Type must be text/plain or application/json, with a JSON beacon as the body.',
  tooLarge: `A beacon must be at most ${beaconLimits.maxBytes} bytes.`,
  tooManyBeacons: (retryAfterSeconds: number) =>
    `Too many beacons from this client. Try again in ${retryAfterSeconds} s.`,
  unknownRemote: (field: string, remote: string, known: readonly string[]) =>
    `${field} "${remote}" is not one of the site's remotes: ${known.join(', ')}.`,
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
  },
  { error: objectError('a JSON object: { events: [...] }') },
) satisfies z.ZodType<RemoteHealthBeacon>;

/** The field path of an event's remote, for a reply about it (the API checks the names against the site's). */
export const remoteField = (index: number) => fieldPath(['events', index, 'remote']);
