/**
 * The health telemetry contract between the shell and the enquiry API (POST /beacon), without the validator:
 * the kinds, reasons, limits, name patterns and types a browser needs to build a beacon. No zod and no side
 * effects, so the shell can import it (`shared-content/enquiry/telemetry-contract`) without bundling zod;
 * telemetry.ts re-exports it beside the schema the API validates beacons with.
 *
 * The shell counts, per remote and per remote version, how the remote behaves in visitors' browsers and sends
 * the counts with `navigator.sendBeacon(apiUrl + enquiryApiPaths.beacon, JSON.stringify(beacon))`; the release
 * tooling reads the sums to decide whether a canary version may stay.
 *
 * No personal data and no free text: a beacon holds only a random page-load id, a remote's name, a release
 * version, one of the fixed kinds and reasons below, and a count. Every object is strict, so an error message, a
 * URL, a user agent or anything else a page might want to add is refused (400) rather than stored. The API adds
 * the counts to per-minute totals (the beacon's time is the server's), counts one page load at most once per
 * remote and kind whatever the counts say, and accepts only versions live in the remote map.
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

/**
 * The page-load id: random, made once per page load (not per visitor: a reload makes a new one), so the API can
 * count a page load at most once per remote and kind however many beacons it sends. 16 random bytes in
 * base64url make 22 characters.
 */
export const pageLoadPattern = /^[A-Za-z0-9_-]{16,64}$/;

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
  /** The page load the events are from (pageLoadPattern). */
  pageLoad: string;
}
