/**
 * The Web Vitals contract between the shell and the enquiry API (POST /vitals), without the validator, so the
 * shell's after-idle code can import it without zod (`shared-content/enquiry/vitals-contract`); vitals.ts has
 * the schema the API checks a report with.
 *
 * Once per page load, when the page is hidden or left, the shell sends what the web-vitals library measured of
 * it: LCP, INP and CLS, with the route the page was loaded on, the versions of the remotes that have a slot on
 * it and the visitor's bucket (0–99, what picks canary or default). Nothing else: no URL beyond the route's
 * path, no element, no user agent; the page-load id is the one the health beacons already carry, so the API
 * takes one report per page load. The release tooling compares a canary's p75 with its default version's on
 * the same route over the same period (deploy-model's canary/vitals-verdict.ts).
 */

/**
 * POST /vitals under runtime.json's apiUrl: paths.ts's enquiryApiPaths.vitals, said here too so the shell's
 * after-idle chunk needs nothing of the page's main chunk (a test holds both the same).
 */
export const vitalsPath = '/vitals';

/**
 * The preview cookie's name (federation/src/preview.ts's previewCookie, a test holds both the same): a browser
 * holding a preview sends no figures.
 */
export const previewCookieName = 'agency-preview';

/** The metrics reported: Largest Contentful Paint, Interaction to Next Paint (ms), Cumulative Layout Shift. */
export const webVitalNames = ['LCP', 'INP', 'CLS'] as const;
export type WebVitalName = (typeof webVitalNames)[number];

/**
 * The largest value taken per metric: a page open for an hour may have a long LCP or INP, but past these the
 * figure says nothing more and a larger one is a forged report. LCP and INP are whole milliseconds, CLS a score
 * with at most 4 decimals.
 */
export const webVitalMaxima: Record<WebVitalName, number> = { LCP: 60_000, INP: 60_000, CLS: 10 };

/** Buckets are 0–99 (federation/bucket.ts): the visitor's share of the map a canary's percent covers. */
export const bucketCount = 100;

/** What the page measured so far. */
export type MeasuredVitals = Partial<Record<WebVitalName, number>>;

/**
 * A route is sent as the route the page shows, named by its path in the shell's own route table
 * (shared-content/site/routes.ts's canonicalRoutePath, run by the page: an alias as its route, the query dropped,
 * a path the site has not as the 404 page), so a shell release that adds a route brings its key with it and the
 * API needs no release. At most 256 printable characters, no space. The API keeps it by shape only
 * (vitalsRouteKey): a forged path is a key of its own, within the beacon's budget like any report.
 */
export const routePathPattern = /^\/[\x21-\x7e]{0,255}$/;

/** The key of a path that is no route: the 404 page's (shared-content/site/routes.ts names its own the same). */
export const otherPathRouteKey = '/404';

/**
 * The key a report is kept under: its route without a query, fragment or trailing slash; a path with a character
 * no route path has (site-description.ts's rule) as the 404 page's.
 */
export function vitalsRouteKey(route: string): string {
  const bare = route.replace(/[?#].*$/s, '');
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return /^\/[A-Za-z0-9\-._~/]*$/.test(trimmed) && !trimmed.includes('//') ? trimmed : otherPathRouteKey;
}

/** One remote version with a slot on the page. */
export interface SlotVersion {
  remote: string;
  version: string;
}

/** The body of POST /vitals. */
export interface VitalsReport {
  /** The page load's random id, the same as its health beacons' (telemetry-contract.ts's pageLoadPattern). */
  pageLoad: string;
  /** The path the page was loaded on (routePathPattern); stored under its canonical route. */
  route: string;
  bucket: number;
  /** The remotes with a slot on the route, each once, at the versions this page loaded. */
  versions: SlotVersion[];
  /** At least one metric. */
  vitals: Partial<Record<WebVitalName, number>>;
}

/** At most this many versions in a report: one per remote of the site, with room to grow. */
export const maxSlotVersions = 8;

/** The value as it is sent: whole milliseconds, or CLS to 4 decimals. */
export const roundVital = (name: WebVitalName, value: number) =>
  name === 'CLS' ? Math.round(value * 10_000) / 10_000 : Math.round(value);
