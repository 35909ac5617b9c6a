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
