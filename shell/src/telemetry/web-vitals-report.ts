/**
 * The page's Web Vitals (LCP, INP, CLS), measured with the web-vitals library and sent once per page load to
 * POST /vitals with the route, the versions of the remotes that have a slot on it and the visitor's bucket
 * (shared-content's vitals-contract.ts: nothing else leaves the page). A chunk of its own, loaded after idle
 * (bootstrap.tsx): a visitor's page loads none of it before then. Its observers read the browser's buffered
 * entries, so the paint, the shifts and the slow interactions of before (Event Timing buffers those of 104 ms
 * or more) are still seen.
 *
 * It imports nothing of the page's main chunk: what it needs of the page is handed to it (VitalsPage), as the
 * devtools panel's is (devtools/page-handle.ts says why). Sent when the page is first hidden or left, after the
 * library's own listeners (they listen on window, capturing) have given the final values; in a preview nothing
 * is sent (a canary's figures come from visitors), but the values are kept for the devtools panel. Never throws
 * into the page.
 */
import {
  type MeasuredVitals,
  previewCookieName,
  roundVital,
  type SlotVersion,
  type VitalsReport,
  vitalsPath,
} from 'shared-content/enquiry/vitals-contract';
import { canonicalRoutePath } from 'shared-content/site';
import { type Metric, onCLS, onINP, onLCP } from 'web-vitals';
import type { PageHandle } from '../devtools/page-handle.ts';

/**
 * What this module reads of the page, handed over by bootstrap.tsx in as few bytes as can be (the page devtools'
 * handle, App.tsx, and two references): the main chunk is what a visitor loads before idle.
 */
export interface VitalsPage {
  /** Versions, bucket, the slots' attribute; this module sets its `vitals`. */
  page: Pick<PageHandle, 'versionOf' | 'bucket' | 'slotAttribute' | 'vitals'>;
  /** The page load's random id, the one its health beacons carry (remote-health.ts). */
  pageLoad: string | undefined;
  /** runtime.json once read (config/runtime-config.ts): the API's URL. */
  config: () => { apiUrl: string } | undefined;
}

/** The remotes of the slots on the page, each once, from the slots' elements ("remote/Module"). */
export function slotRemotes(root: ParentNode, attribute: string): string[] {
  const slots = [...root.querySelectorAll(`[${attribute}]`)].map((element) =>
    element.getAttribute(attribute),
  );
  return [...new Set(slots.flatMap((slot) => (slot ? [slot.split('/')[0] as string] : [])))];
}

/** Whether this browser holds a preview (its cookie, as preview/preview-state.ts reads it). */
export const holdsPreview = (cookies: string) =>
  cookies.split(';').some((cookie) => cookie.trim().startsWith(`${previewCookieName}=`));

export interface Measure {
  onLCP: typeof onLCP;
  onINP: typeof onINP;
  onCLS: typeof onCLS;
}

/**
 * The report of what was measured on `path` with the slots of `remotes`, or undefined when there is nothing to
 * report or nobody to report it for (a page with no slot, or before the remote map was read).
 */
export function vitalsReportOf(
  { page, pageLoad }: VitalsPage,
  path: string,
  remotes: readonly string[],
  vitals: MeasuredVitals,
): VitalsReport | undefined {
  if (!pageLoad || Object.keys(vitals).length === 0) return undefined;
  const versions = remotes.flatMap((remote): SlotVersion[] => {
    const version = page.versionOf(remote);
    return version ? [{ remote, version }] : [];
  });
  if (versions.length === 0) return undefined;
  // Named from this shell's own route table (an alias as its route, an unknown path as the 404 page): the API
  // keeps what it is sent and knows no routes.
  const route = canonicalRoutePath(path);
  return { pageLoad, route, bucket: page.bucket(), versions, vitals: { ...vitals } };
}

/**
 * Starts measuring; sends the report once, when the page is first hidden or left. Returns what stops listening
 * for that (the page never calls it: its one report goes when it is left; tests do).
 */
export function reportWebVitals(
  page: VitalsPage['page'],
  pageLoad: string | undefined,
  config: VitalsPage['config'],
  measure: Measure = { onLCP, onINP, onCLS },
): () => void {
  const handed: VitalsPage = { page, pageLoad, config };
  const vitals: MeasuredVitals = {};
  handed.page.vitals = () => ({ ...vitals });
  // The page the figures are of: the one loaded (this runs after idle; a later navigation is the same page load).
  const path = location.pathname;
  const remotes = slotRemotes(document, handed.page.slotAttribute);
  const keep = ({ name, value }: Metric) => {
    if (name === 'LCP' || name === 'INP' || name === 'CLS') vitals[name] = roundVital(name, value);
  };
  try {
    measure.onLCP(keep, { reportAllChanges: true });
    measure.onINP(keep, { reportAllChanges: true });
    measure.onCLS(keep, { reportAllChanges: true });
  } catch {
    return () => undefined;
  }
  let sent = false;
  const send = () => {
    try {
      if (sent || holdsPreview(document.cookie) || typeof navigator.sendBeacon !== 'function') return;
      const config = handed.config();
      const report = vitalsReportOf(handed, path, remotes, vitals);
      if (!config || !report) return;
      const body = new Blob([JSON.stringify(report)], { type: 'text/plain' });
      sent = navigator.sendBeacon(config.apiUrl + vitalsPath, body);
    } catch {
      // Never into the page: at worst this page's figures are lost.
    }
  };
  const whenHidden = () => {
    if (document.visibilityState === 'hidden') send();
  };
  // On the document, not capturing: after web-vitals' own listeners on window, which report the final values.
  document.addEventListener('visibilitychange', whenHidden);
  addEventListener('pagehide', send);
  return () => {
    document.removeEventListener('visibilitychange', whenHidden);
    removeEventListener('pagehide', send);
  };
}
