/**
 * A remote version's health as the canary tooling reads it: the enquiry API's per-minute counts
 * (enquiry-api/remote-health, read-only, so it runs while the API writes), summed per version.
 */
import { type RemoteHealthCount, type RemoteHealthQuery, readRemoteHealth } from 'enquiry-api/remote-health';
import type { LoadFailureReason } from 'shared-content/enquiry';
import { enquiryDataDir } from '../enquiry-api.ts';
import type { VersionHealth } from './verdict.ts';

/** How the counts are read: readRemoteHealth itself, or one bound to a data folder (healthReader); tests pass rows. */
export type ReadHealth = (query: { since: Date; env?: NodeJS.ProcessEnv }) => RemoteHealthCount[];

/** The counts in the API's data folder: the given one, else ENQUIRY_DATA_DIR as the API itself takes it. */
export function healthReader(dataDir?: string): ReadHealth {
  return ({ since, env }) => {
    const query: RemoteHealthQuery = { since, dataDir: dataDir ?? enquiryDataDir(env) };
    return readRemoteHealth(query);
  };
}

/** The kinds that count as a failure; a view is the denominator. */
export const failureKinds = ['load-failure', 'render-error', 'hydration-mismatch'] as const;
export type FailureKind = (typeof failureKinds)[number];

export interface VersionCounts extends VersionHealth {
  byKind: Record<FailureKind, number>;
  /** Load failures by why they failed. */
  loadFailures: Partial<Record<LoadFailureReason, number>>;
}

/** Sums one remote version's rows (a version nobody has seen yet has zeros). */
export function countsOf(rows: readonly RemoteHealthCount[], remote: string, version: string): VersionCounts {
  const counts: VersionCounts = {
    views: 0,
    failures: 0,
    byKind: { 'load-failure': 0, 'render-error': 0, 'hydration-mismatch': 0 },
    loadFailures: {},
  };
  for (const row of rows) {
    if (row.remote !== remote || row.version !== version) continue;
    if (row.kind === 'view') {
      counts.views += row.count;
      continue;
    }
    counts.failures += row.count;
    counts.byKind[row.kind] += row.count;
    if (row.kind === 'load-failure' && row.reason)
      counts.loadFailures[row.reason] = (counts.loadFailures[row.reason] ?? 0) + row.count;
  }
  return counts;
}

const dayMs = 24 * 60 * 60_000;

/**
 * Days the API keeps the counts (ENQUIRY_HEALTH_RETENTION_DAYS, default 30, as the API reads it): counts from
 * before are gone, so a period that starts earlier is cut to it and said so. A value the API would refuse
 * leaves the API stopped, not this: the default then.
 */
export function healthRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ENQUIRY_HEALTH_RETENTION_DAYS?.trim();
  const days = Number(raw);
  return raw && Number.isInteger(days) && days >= 1 && days <= 3650 ? days : 30;
}

export interface HealthPeriod {
  since: Date;
  /** Why it starts then, for the status: "the canary's start", or that the retention cut it. */
  from: string;
}

/**
 * From `start` (a version's release or a canary's start), or from the oldest counts kept when that is earlier
 * or unknown (a map written before release times were kept).
 */
export function healthPeriod(
  start: string | undefined,
  what: string,
  now: Date,
  env: NodeJS.ProcessEnv = process.env,
): HealthPeriod {
  const days = healthRetentionDays(env);
  const oldest = new Date(now.getTime() - days * dayMs);
  const at = start === undefined ? Number.NaN : Date.parse(start);
  if (Number.isNaN(at)) return { since: oldest, from: `the ${days}-day retention; ${what} is unknown` };
  if (at < oldest.getTime())
    return { since: oldest, from: `the ${days}-day retention; ${what} was ${start}` };
  return { since: new Date(at), from: what };
}
