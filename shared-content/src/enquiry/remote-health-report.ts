/**
 * The reply of GET /remote-health (enquiryApiPaths.remoteHealth): the beacon counts summed per remote, version,
 * kind and load-failure reason since the time asked for. The API writes it and the release tooling (the canary
 * check, `pnpm release status`) reads it over HTTP, so the schema below is the one both hold to: the tooling
 * parses what it is sent rather than trusting a reply from whatever answers at the URL it was given.
 */
import * as z from 'zod';
import { loadFailureReasons, remoteHealthKinds } from './telemetry-contract.ts';
import { webVitalNames } from './vitals-contract.ts';

const isoTime = z.iso.datetime();

export const remoteHealthCountSchema = z.strictObject({
  remote: z.string(),
  version: z.string(),
  kind: z.enum(remoteHealthKinds),
  /** Why it failed to load; null for every other kind. */
  reason: z.enum(loadFailureReasons).nullable(),
  count: z.int().nonnegative(),
  /** The first and the last minute in the sum that had counts (ISO, the minute's start, UTC). */
  firstMinute: isoTime,
  lastMinute: isoTime,
});
export type RemoteHealthCount = z.infer<typeof remoteHealthCountSchema>;

const distinct = z.int().nonnegative();

/**
 * How many distinct clients (an IPv4 address, or an IPv6 /64) and networks (IPv4 /24, IPv6 /48) a version's
 * counted views and failures came from, over the whole period from the UTC day `since` is in (the API keeps
 * only a hash keyed per version, never an address): one client is one client however many days it sends.
 * `topNetworkFailures`: the counted failures of the (up to) five networks with the most, most first, so the
 * verdict can ask whether the canary is still worse without the few networks one party may hold.
 */
export const remoteHealthVisitorsSchema = z.strictObject({
  remote: z.string(),
  version: z.string(),
  viewClients: distinct,
  viewNetworks: distinct,
  failureClients: distinct,
  failureNetworks: distinct,
  topNetworkFailures: z.array(distinct).max(5).optional(),
});
export type RemoteHealthVisitors = z.infer<typeof remoteHealthVisitorsSchema>;

const figure = z.number().nonnegative();

/** A metric's 75th percentile of some samples, and the lowest 75th percentile those samples make plausible. */
export const vitalsPercentileSchema = z.strictObject({
  samples: distinct,
  /** The nearest-rank 75th percentile (0 without samples). */
  p75: figure,
  /**
   * The lower end of the 95% distribution-free interval of the 75th percentile (an order statistic of the
   * samples, from the binomial's normal approximation): below it the true p75 is unlikely to be.
   */
  p75Low: figure,
});
export type VitalsPercentile = z.infer<typeof vitalsPercentileSchema>;

/**
 * What the other slots of the page loads behind a Web Vitals row ran: 'default' when every other remote with a
 * slot on the page ran its default version (or there was none), 'canary' when at least one ran another live
 * version. Only 'default' rows are judged: a canary of another remote on the same page is no part of this one.
 */
export const otherSlotsKinds = ['default', 'canary'] as const;
export type OtherSlots = (typeof otherSlotsKinds)[number];

/**
 * One remote version's Web Vitals on one route since the time asked for (POST /vitals's reports), for one
 * metric and one kind of other slots (otherSlots): its p75 with the distinct clients and networks the reports
 * on that route came from (over the whole period, as for the counts), and the same p75 again without the samples
 * of the 1, 2, … (up to 5) networks that sent the most, so a verdict can ask whether the canary is still worse
 * without the few networks one party may hold.
 */
export const remoteVitalsSchema = vitalsPercentileSchema.extend({
  remote: z.string(),
  version: z.string(),
  route: z.string(),
  metric: z.enum(webVitalNames),
  /** Absent from an API older than it: its rows mixed both kinds. */
  otherSlots: z.enum(otherSlotsKinds).optional(),
  clients: distinct,
  networks: distinct,
  withoutTopNetworks: z.array(vitalsPercentileSchema).max(5),
});
export type RemoteVitals = z.infer<typeof remoteVitalsSchema>;

export const remoteHealthReportSchema = z.strictObject({
  /** The start of the minute the sums begin with (the `since` asked for, rounded down to its minute). */
  since: isoTime,
  counts: z.array(remoteHealthCountSchema),
  visitors: z.array(remoteHealthVisitorsSchema),
  /** The Web Vitals per remote version, route and metric; absent from an API older than them. */
  vitals: z.array(remoteVitalsSchema).optional(),
});
export type RemoteHealthReport = z.infer<typeof remoteHealthReportSchema>;

/** Replies of GET /remote-health that are not the report. */
export const remoteHealthMessages = {
  since: (got: string | undefined) =>
    got === undefined
      ? 'since is required: GET /remote-health?since=<ISO time>, e.g. since=2026-11-26T09:00:00Z.'
      : `since must be an ISO time such as 2026-11-26T09:00:00Z, got "${got.slice(0, 60)}".`,
  unauthorized: 'The remote health counts need Authorization: Bearer <ENQUIRY_HEALTH_KEY>.',
} as const;
