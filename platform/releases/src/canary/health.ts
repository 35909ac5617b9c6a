/**
 * A remote version's health as the canary tooling reads it: the enquiry API's counts, summed per version, read
 * over HTTP (GET /remote-health), never from the API's database file, so the tooling runs on any machine that
 * can reach the API, and the API's data stays the API's.
 */

import { deployedSite } from 'deploy-folder/site-description';
import type { CanaryRules, VersionHealth } from 'deploy-model/canary/verdict';
import type { VitalsRules } from 'deploy-model/canary/vitals-verdict';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { pathsShowing } from 'federation/site-description';
import {
  enquiryApiPaths,
  type LoadFailureReason,
  type RemoteHealthReport,
  type RemoteVitals,
  remoteHealthReportSchema,
} from 'shared-content/enquiry';
/**
 * How the counts are read: over HTTP by default (healthReader), from the settings' health source; tests may pass
 * a reader of their own.
 */
export type ReadHealth = (query: { since: Date; source: HealthSource }) => Promise<RemoteHealthReport>;

/** The health could not be read: the API did not answer, refused, or answered something else. */
export class HealthUnavailableError extends Error {
  override name = 'HealthUnavailableError';
}

export interface HealthSource {
  /** The enquiry API's URL: AGENCY_HEALTH_URL, else the API's origin in the topology (AGENCY_PORT_BASE + 10). */
  url: string;
  /** ENQUIRY_HEALTH_KEY, sent as a Bearer token when set (the API then asks for it from everyone). */
  key?: string;
}

/** A health read that hangs must not hold the check or the status: the API answers from one SQL query. */
export const healthTimeoutMs = 10_000;

/** The route's URL under the API's URL (which may have a path, behind a proxy). */
function reportUrl(base: string, since: Date): URL {
  let url: URL;
  try {
    url = new URL(enquiryApiPaths.remoteHealth.slice(1), base.endsWith('/') ? base : `${base}/`);
  } catch {
    throw new HealthUnavailableError(`AGENCY_HEALTH_URL is not a URL: "${base}"`);
  }
  url.searchParams.set('since', since.toISOString());
  return url;
}

/** Why a refusal happened, in the operator's terms. */
function refusal(status: number, where: string, keyed: boolean): string {
  if (status === 401)
    return keyed
      ? `the enquiry API at ${where} refused the key (401): ENQUIRY_HEALTH_KEY must be the one the API has`
      : `the enquiry API at ${where} asks for a key (401): set ENQUIRY_HEALTH_KEY to the API's`;
  if (status === 404)
    return `the enquiry API at ${where} does not show the counts here (404): without ENQUIRY_HEALTH_KEY it shows them only to a client on its own machine, connected directly; set ENQUIRY_HEALTH_KEY on both sides, or check AGENCY_HEALTH_URL`;
  return `the enquiry API at ${where} answered ${status}`;
}

/**
 * Reads the counts over HTTP from the given source (by default the one each query names: the settings'). Throws
 * HealthUnavailableError naming the URL and why: an API that does not answer or refuses must not read as zero
 * failures, which would pass for a healthy canary.
 */
export function healthReader(source?: HealthSource): ReadHealth {
  return async (query) => {
    const { url: base, key } = source ?? query.source;
    const since = query.since;
    const url = reportUrl(base, since);
    const where = `${url.origin}${url.pathname}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
        signal: AbortSignal.timeout(healthTimeoutMs),
      });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (error as Error).message;
      throw new HealthUnavailableError(`the enquiry API at ${where} did not answer (${why})`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new HealthUnavailableError(refusal(response.status, where, key !== undefined));
    }
    const parsed = remoteHealthReportSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success)
      throw new HealthUnavailableError(
        `the enquiry API at ${where} answered something that is not its counts`,
      );
    return parsed.data;
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
export function countsOf(
  { counts: rows, visitors }: Pick<RemoteHealthReport, 'counts' | 'visitors'>,
  remote: string,
  version: string,
): VersionCounts {
  const seen = visitors.find((entry) => entry.remote === remote && entry.version === version);
  const counts: VersionCounts = {
    views: 0,
    failures: 0,
    distinct: {
      viewClients: seen?.viewClients ?? 0,
      viewNetworks: seen?.viewNetworks ?? 0,
      failureClients: seen?.failureClients ?? 0,
      failureNetworks: seen?.failureNetworks ?? 0,
      ...(seen?.topNetworkFailures ? { topNetworkFailures: seen.topNetworkFailures } : {}),
    },
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

/**
 * The routes a remote's Web Vitals are judged on: the canonical paths of the deployed shell's routes with a slot
 * of it (its site.json). A path the shell has not, or the 404 page's key (shared-content's otherPathRouteKey),
 * is never judged: no real visitor of the remote's pages is there, so a forger alone would fill it.
 */
export const judgedVitalsRoutes = (deploy: string, remote: string): string[] =>
  pathsShowing(deployedSite(deploy), remote);

/**
 * One remote version's Web Vitals rows (per route and metric) that are judged: on one of `routes`
 * (judgedVitalsRoutes), from page loads whose other slots all ran their default version (otherSlots; a row
 * without it is from an API older than that); none from an API older than vitals.
 */
export function vitalsOf(
  report: Pick<RemoteHealthReport, 'vitals'>,
  remote: string,
  version: string,
  routes: readonly string[],
): RemoteVitals[] {
  return (report.vitals ?? []).filter(
    (row) =>
      row.remote === remote &&
      row.version === version &&
      row.otherSlots !== 'canary' &&
      routes.includes(row.route),
  );
}

const dayMs = 24 * 60 * 60_000;

export interface HealthPeriod {
  since: Date;
  /** Why it starts then, for the status: "the canary's start", or that the retention cut it. */
  from: string;
}

/**
 * From `start` (a version's release or a canary's start), or from the oldest counts kept when that is earlier
 * or unknown (a map written before release times were kept). The settings' healthRetentionDays: how long the API
 * keeps the counts (ENQUIRY_HEALTH_RETENTION_DAYS): counts from before are gone, so a period that starts earlier
 * is cut to it and said so.
 */
export function healthPeriod(
  start: string | undefined,
  what: string,
  now: Date,
  settings: Pick<ChangeSettings, 'healthRetentionDays'>,
): HealthPeriod {
  const days = settings.healthRetentionDays;
  const oldest = new Date(now.getTime() - days * dayMs);
  const at = start === undefined ? Number.NaN : Date.parse(start);
  if (Number.isNaN(at)) return { since: oldest, from: `the ${days}-day retention; ${what} is unknown` };
  if (at < oldest.getTime())
    return { since: oldest, from: `the ${days}-day retention; ${what} was ${start}` };
  return { since: new Date(at), from: what };
}

/** What judging a canary reads, each with its default: the canary check and the staged rollout judge alike. */
export interface JudgingOptions {
  settings: ChangeSettings;
  now?: Date;
  /** Default: GET /remote-health of the enquiry API (the settings' health: AGENCY_HEALTH_URL, ENQUIRY_HEALTH_KEY). */
  readHealth?: ReadHealth;
  /** Default: the settings' canary rules (canaryRules with the AGENCY_CANARY_* overrides). */
  rules?: CanaryRules;
  /** Default: the settings' Web Vitals rule (AGENCY_CANARY_VITALS_MIN_SAMPLES). */
  vitalsRules?: VitalsRules;
}

/** The options with their defaults filled in. */
export function judgingContext(options: JudgingOptions) {
  const settings = options.settings;
  return {
    settings,
    now: options.now ?? new Date(),
    readHealth: options.readHealth ?? healthReader(),
    rules: options.rules ?? settings.canary.rules,
    vitalsRules: options.vitalsRules ?? settings.canary.vitalsRules,
  };
}
