/**
 * The shell's health beacons per remote and version (telemetry/health-counter.ts), counted per page view: a
 * remote with a slot on the route counts one view, and at most one load failure, one render error and one
 * hydration mismatch, however many of its slots there are, however often they render or are retried. Beside the
 * slots that count (RemoteSlot, StaticSlot) and the registry that names versions and failures: telemetry/ only
 * sends what is counted, and knows nothing of federation.
 */
import type { RemoteName } from 'federation/remotes';
import { enquiryApiPaths } from 'shared-content/enquiry/client';
import type { LoadFailureReason, RemoteHealthKind } from 'shared-content/enquiry/telemetry-contract';
import { loadedRuntimeConfig, loadRuntimeConfig } from '../config/runtime-config.ts';
import { inPreview } from '../preview/preview-state.ts';
import { createHealthCounter, newPageLoadId } from '../telemetry/health-counter.ts';
import { isLoadFailure, loadFailureReason, remoteVersion } from './remote-registry.ts';

/**
 * One page view: a route's slots being shown, from the route's mount (the page's load, or a client navigation
 * to it) to its unmount. It holds what has been counted in it.
 */
export type PageView = Set<string>;

export const newPageView = (): PageView => new Set();

/** This page load's random id: its health beacons and its Web Vitals report carry the same one. */
export const pageLoad = newPageLoadId();

const counter = createHealthCounter({
  pageLoad,
  // runtime.json's apiUrl: the bootstrap starts reading it at once; until it has, the counts wait.
  endpoint: () => {
    const config = loadedRuntimeConfig();
    return config && config.apiUrl + enquiryApiPaths.beacon;
  },
  versionOf: (remote) => remoteVersion(remote as RemoteName),
  awaitEndpoint: () => {
    loadRuntimeConfig().then(counter.flush, () => undefined);
  },
});

/** Counts `kind` for the remote once in this page view. Never throws into the page. */
function countOnce(
  view: PageView,
  remote: RemoteName,
  kind: RemoteHealthKind,
  reason?: () => LoadFailureReason,
) {
  try {
    // A preview's views and failures are the team's own look, never a canary's data.
    if (inPreview()) return;
    if (view.has(`${remote} ${kind}`)) return;
    view.add(`${remote} ${kind}`);
    counter.add({ remote, kind, reason: reason?.() });
  } catch {
    // A count is not worth a broken page.
  }
}

/** The remote has a slot on the route of this page view. */
export const countView = (view: PageView, remote: RemoteName) => countOnce(view, remote, 'view');

/** A slot's load failed for good (after its retries): the slot shows its fallback. */
export const countLoadFailure = (view: PageView, remote: RemoteName, error: unknown) =>
  countOnce(view, remote, 'load-failure', () => loadFailureReason(error));

/** A slot's error boundary caught an error: a render error, unless it came from loading code. */
export function countSlotError(view: PageView, remote: RemoteName, error: unknown) {
  try {
    if (isLoadFailure(error)) return countLoadFailure(view, remote, error);
  } catch {
    // Unclassified: counted as what the boundary saw, a render error.
  }
  countOnce(view, remote, 'render-error');
}

/** React threw a prerendered slot's HTML away and rendered the slot anew (see prerendered-content.ts). */
export const countHydrationMismatch = (view: PageView, remote: RemoteName) =>
  countOnce(view, remote, 'hydration-mismatch');
