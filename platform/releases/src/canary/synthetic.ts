/**
 * The synthetic half of the canary check (issue 41, item 5): a quiet site's canary still gets a verdict. At each
 * check, the release service visits the canary's pages itself (synthetic-visit.ts) as a visitor in its bucket.
 *
 * - passed: every page loaded, the remote's slots hydrated with the canary's code and nothing threw. A staged
 *   rollout whose real views are too few to judge may then take its next stage (rollout.ts judgeStage).
 * - failed: a page showed the fallback for one of the remote's slots, threw, or did not hydrate in time, in two
 *   visits in a row (the second in a fresh browser right after the first), while the same pages of the default
 *   version, visited as a visitor outside the canary, did not: the check aborts the canary, saying which page
 *   showed what. Two visits, so that one unlucky load never aborts; the default's, so that a site that is down
 *   for everyone (its host, another remote) never aborts a canary that is not the cause.
 * - unknown: the visit could not run (no browser), said nothing of the canary (the page did not load, another
 *   version was served), or failed once only: nothing is decided on it, and real views are judged as before.
 *
 * Synthetic visits never count in the real visitors' health: the driver refuses every request but a GET or HEAD
 * to the site's own origins, so no beacon leaves the browser. AGENCY_CANARY_SYNTHETIC=off turns them off (test
 * deploys of stand-in builds that have nothing to render).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import { releasesFolder } from 'deploy-folder/private-files';
import { writeFileAtomic } from 'deploy-folder/remote-map-file';
import type { ChangeSettings } from 'deploy-model/change-settings';
import type { RemoteMapDocument } from 'federation/remote-map';
import { type SyntheticPageReport, type VisitOptions, visitPages } from './synthetic-visit.ts';
export interface SyntheticOutcome {
  state: 'passed' | 'failed' | 'unknown';
  reason: string;
}

export interface SyntheticTarget {
  remote: RemoteName;
  version: string;
  document: RemoteMapDocument;
}

/** Visits a canary's pages and says what they show (nothing once the service stops); never rejects. */
export type SyntheticCheck = (target: SyntheticTarget) => Promise<SyntheticOutcome | undefined>;

const problemsOf = (reports: readonly SyntheticPageReport[], kind: 'canary' | 'site') =>
  reports.filter((report) => report.kind === kind && report.problem);
const listed = (reports: readonly SyntheticPageReport[]) =>
  reports.map((report) => report.problem).join('; ');

export interface SyntheticCheckOptions {
  /** Stands in for the browser in unit tests. */
  visit?: (options: VisitOptions) => Promise<SyntheticPageReport[]>;
  /** Aborted when the release service stops: a visit under way ends at once. */
  signal?: AbortSignal;
}

/** The synthetic check for a deploy. */
export function syntheticCheck(
  deploy: string,
  settings: ChangeSettings,
  { visit = visitPages, signal }: SyntheticCheckOptions = {},
): SyntheticCheck {
  return async ({ remote, version, document }) => {
    const options = { deploy, document, remote, settings, ...(signal ? { signal } : {}) };
    try {
      const first = await visit({ ...options, version });
      if (first.length === 0)
        return { state: 'unknown', reason: 'no page of the deployed shell shows the remote' };
      if (problemsOf(first, 'canary').length === 0) {
        const site = problemsOf(first, 'site');
        if (site.length > 0)
          return { state: 'unknown', reason: `the synthetic visit says nothing: ${listed(site)}` };
        return {
          state: 'passed',
          reason: `synthetic visits passed: ${first.map(({ path }) => path).join(', ')} hydrated in the canary's bucket`,
        };
      }
      const second = await visit({ ...options, version });
      const failing = problemsOf(second, 'canary');
      if (failing.length === 0)
        return {
          state: 'unknown',
          reason: `one synthetic visit failed (${listed(problemsOf(first, 'canary'))}), the next passed`,
        };
      const control = await visit({ ...options, version: undefined });
      const alsoDefault = failing.filter(({ path }) =>
        control.some((page) => page.path === path && page.problem),
      );
      if (alsoDefault.length > 0)
        return {
          state: 'unknown',
          reason: `the synthetic visits failed, but the default version's pages fail too (${listed(
            control.filter((page) => page.problem),
          )}): not the canary's doing`,
        };
      return {
        state: 'failed',
        reason: `synthetic visits failed: ${listed(failing)} (2 visits in a row in the canary's bucket; the default version's pages hydrate)`,
      };
    } catch (error) {
      if (signal?.aborted) return undefined;
      return { state: 'unknown', reason: (error as Error).message };
    }
  };
}

/**
 * The last synthetic visit of a remote's canary, beside its release log (deploy/releases/<folder>.synthetic.json),
 * for `pnpm release status`, which runs apart from the check: which canary, at which share, when, and what it
 * showed. One of another canary or share is over, whatever is on disk.
 */
export interface SyntheticRecord extends SyntheticOutcome {
  version: string;
  traffic: number;
  at: string;
}

export const syntheticFile = (deploy: string, remote: RemoteName) =>
  join(deploy, 'releases', `${remotes[remote].folder}.synthetic.json`);

export function writeSyntheticRecord(deploy: string, remote: RemoteName, record: SyntheticRecord) {
  releasesFolder(deploy);
  writeFileAtomic(syntheticFile(deploy, remote), `${JSON.stringify(record, null, 2)}\n`);
}

/** The record of this canary at this share, or undefined (none, another's, or unreadable: the status says nothing). */
export function readSyntheticRecord(
  deploy: string,
  remote: RemoteName,
  canary: { version: string; traffic: number },
): SyntheticRecord | undefined {
  const file = syntheticFile(deploy, remote);
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as Partial<SyntheticRecord>;
    const states: unknown[] = ['passed', 'failed', 'unknown'];
    if (
      record.version !== canary.version ||
      record.traffic !== canary.traffic ||
      !states.includes(record.state) ||
      typeof record.reason !== 'string' ||
      typeof record.at !== 'string'
    )
      return undefined;
    return record as SyntheticRecord;
  } catch {
    return undefined;
  }
}
