/**
 * The Web Vitals of the remote versions on this page as real visitors measured them: the p75s the enquiry API
 * sums per remote version and route from the page's reports (GET /remote-health, enquiry-api's
 * routes/remote-health.ts), for the panel. The API gives them only to the release tooling (its key) or to a
 * client on its own machine (a dev session): elsewhere the panel says where to look instead (`pnpm release
 * status`). Read by hand rather than with the report's zod schema, so the panel's chunk carries no validator.
 */
import type { WebVitalName } from 'shared-content/enquiry/vitals-contract';
import { fetchConfigFile, shellFetch } from '../config/fetch-config.ts';

/** The figures the panel shows: those of the last day, whatever the version's age. */
export const vitalsPeriodMs = 24 * 60 * 60 * 1000;

const metricNames: readonly WebVitalName[] = ['LCP', 'INP', 'CLS'];

export interface MetricFigure {
  p75: number;
  samples: number;
}

/** One remote version on one route: its p75 per metric, with the number of page loads it is of. */
export interface VersionVitalsRow {
  remote: string;
  version: string;
  route: string;
  metrics: Partial<Record<WebVitalName, MetricFigure>>;
}

/** Why there are no figures: the API could not be asked, or keeps them for the release tooling. */
export type VersionVitals = VersionVitalsRow[] | { unavailable: 'forbidden' | 'unreachable' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The rows of GET /remote-health's `vitals` for the versions on the page, one per version and route, the
 * route this page shows first: those of page loads whose other slots ran their defaults, the ones the canary
 * check judges (a row with `otherSlots: 'canary'` is left out). Anything not shaped as the API writes it is
 * left out.
 */
export function versionVitalsRows(
  vitals: unknown,
  onPage: readonly { remote: string; version: string }[],
  currentRoute: string,
): VersionVitalsRow[] {
  const wanted = new Set(onPage.map(({ remote, version }) => `${remote} ${version}`));
  const rows = new Map<string, VersionVitalsRow>();
  for (const item of Array.isArray(vitals) ? vitals : []) {
    if (!isRecord(item)) continue;
    const { remote, version, route, metric, p75, samples } = item;
    if (typeof remote !== 'string' || typeof version !== 'string' || typeof route !== 'string') continue;
    if (!wanted.has(`${remote} ${version}`) || !metricNames.includes(metric as WebVitalName)) continue;
    if (typeof p75 !== 'number' || typeof samples !== 'number' || item.otherSlots === 'canary') continue;
    const key = `${remote} ${version} ${route}`;
    const row = rows.get(key) ?? { remote, version, route, metrics: {} };
    row.metrics[metric as WebVitalName] = { p75, samples };
    rows.set(key, row);
  }
  const here = (row: VersionVitalsRow) => (row.route === currentRoute ? 0 : 1);
  return [...rows.values()].sort(
    (a, b) =>
      here(a) - here(b) ||
      a.route.localeCompare(b.route) ||
      a.remote.localeCompare(b.remote) ||
      a.version.localeCompare(b.version),
  );
}

/** runtime.json's apiUrl, read as the page reads it (its preload). */
async function apiUrl(): Promise<string> {
  const config = await fetchConfigFile('/runtime.json');
  if (!isRecord(config) || typeof config.apiUrl !== 'string') throw new Error('runtime.json has no apiUrl');
  return config.apiUrl;
}

/** Asks the API for the last day's figures of the versions on the page. Never throws. */
export async function readVersionVitals(
  onPage: readonly { remote: string; version: string }[],
  currentRoute: string,
  now = Date.now(),
): Promise<VersionVitals> {
  try {
    const since = new Date(now - vitalsPeriodMs).toISOString();
    const response = await shellFetch(`${await apiUrl()}/remote-health?since=${encodeURIComponent(since)}`, {
      headers: { Accept: 'application/json' },
    });
    // 401 with a key set, 404 to a client that is not on the API's machine: the figures are not for a page.
    if (response.status === 401 || response.status === 404) return { unavailable: 'forbidden' };
    if (!response.ok) return { unavailable: 'unreachable' };
    const report: unknown = await response.json();
    return versionVitalsRows(isRecord(report) ? report.vitals : undefined, onPage, currentRoute);
  } catch {
    return { unavailable: 'unreachable' };
  }
}
