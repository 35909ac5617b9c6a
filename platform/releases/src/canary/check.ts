/**
 * The automatic abort: for each remote with a canary, the health of the canary and of the default version since
 * the canary started, judged by judgeCanary; a canary judged clearly worse is aborted, the verdict recorded as
 * the reason. Run by the composed server's watcher (watcher.ts) and by `pnpm release watch`.
 */

import { type RemoteName, remoteNames, remotes } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { type CanaryVerdict, judgeCanary } from 'deploy-model/canary/verdict';
import { judgeVitals, type VitalsVerdict } from 'deploy-model/canary/vitals-verdict';
import {
  countsOf,
  HealthUnavailableError,
  healthPeriod,
  type JudgingOptions,
  judgedVitalsRoutes,
  judgingContext,
  type ReadHealth,
  vitalsOf,
} from './health.ts';
import { abortCanary } from './release-canary.ts';
import { type SyntheticCheck, type SyntheticOutcome, writeSyntheticRecord } from './synthetic.ts';

export interface CheckOptions extends JudgingOptions {
  /** Judge only: a canary judged worse is reported, not aborted (the server hands the abort to a child process). */
  judgeOnly?: boolean;
  /**
   * Visit each canary's pages as a synthetic visitor too (synthetic.ts): the release service's check, unless
   * AGENCY_CANARY_SYNTHETIC=off. A canary whose synthetic visits fail is aborted whatever its real views.
   */
  synthetic?: SyntheticCheck;
}

export interface CanaryCheck {
  remote: RemoteName;
  canary: string;
  defaultVersion: string;
  /** The canary's share of visitors. */
  percent: number;
  verdict: CanaryVerdict;
  /** True when this check took the canary out of the map. */
  aborted: boolean;
  /** What its synthetic visit showed, when the check made one. */
  synthetic?: SyntheticOutcome;
  /**
   * Its real visitors' Web Vitals against the default version's (vitals-verdict.ts): an abort aborts it, a hold
   * keeps it where it is (a staged rollout does not advance).
   */
  vitals: VitalsVerdict;
}

/**
 * Judges every live canary, aborting those judged clearly worse; one result per canary. The health of every
 * canary is read before any is judged: when it cannot be read, nothing is judged and nothing is aborted, and
 * the HealthUnavailableError thrown says so (a missing count must not look like a healthy or a failing canary).
 */
export async function checkCanaries(ref: DeployRef, options: CheckOptions): Promise<CanaryCheck[]> {
  const deploy = openDeploy(ref);
  const { settings, now, readHealth, rules, vitalsRules } = judgingContext(options);
  const document = deploy.remoteMap();
  const live = remoteNames.flatMap((remote) => {
    const canary = canaryEntry(document, remote);
    const stable = defaultEntry(document, remote);
    return canary && stable ? [{ remote, canary, stable }] : [];
  });
  let reports: Awaited<ReturnType<ReadHealth>>[];
  try {
    reports = await Promise.all(
      live.map(({ canary }) =>
        readHealth({
          since: healthPeriod(canary.extras?.releasedAt, "the canary's start", now, settings).since,
          source: settings.health,
        }),
      ),
    );
  } catch (error) {
    if (!(error instanceof HealthUnavailableError)) throw error;
    throw new HealthUnavailableError(
      `The canary check judged nothing and aborted nothing: health is unavailable: ${error.message}.`,
    );
  }
  const judgedVitals = live.map(({ remote, canary, stable }, index) => {
    const report = reports[index] as Awaited<ReturnType<ReadHealth>>;
    const routes = judgedVitalsRoutes(deploy.path, remote);
    return judgeVitals(
      vitalsOf(report, remote, canary.metadata.version, routes),
      vitalsOf(report, remote, stable.metadata.version, routes),
      rules,
      vitalsRules,
    );
  });
  const judged = live.map(({ remote, canary, stable }, index): CanaryVerdict => {
    const report = reports[index] as Awaited<ReturnType<ReadHealth>>;
    const counted = judgeCanary(
      countsOf(report, remote, canary.metadata.version),
      countsOf(report, remote, stable.metadata.version),
      rules,
    );
    // Failing is worse than slow: the counts' abort is said first; clearly worse Web Vitals abort it too.
    const vitals = judgedVitals[index] as VitalsVerdict;
    if (counted.action === 'keep' && vitals.action === 'abort')
      return { action: 'abort', reason: `Web Vitals: ${vitals.reason}` };
    return counted;
  });
  // One canary at a time: a browser each, on a host that also serves the site. One its real visitors already
  // judged worse is not visited: it goes at once.
  const synthetic: (SyntheticOutcome | undefined)[] = [];
  for (const [index, { remote, canary }] of live.entries()) {
    const version = canary.metadata.version;
    const outcome =
      judged[index]?.action === 'abort'
        ? undefined
        : await options.synthetic?.({ remote, version, document });
    if (outcome) {
      const at = new Date().toISOString();
      writeSyntheticRecord(deploy.path, remote, {
        version,
        traffic: canary.deployment.traffic,
        at,
        ...outcome,
      });
    }
    synthetic.push(outcome);
  }
  return live.map(({ remote, canary, stable }, index) => {
    const version = canary.metadata.version;
    const defaultVersion = stable.metadata.version;
    const real = judged[index] as CanaryVerdict;
    const visited = synthetic[index];
    // Real visitors clearly worse abort it as before; failed synthetic visits abort it whatever the real views.
    const verdict: CanaryVerdict =
      real.action === 'keep' && visited?.state === 'failed'
        ? { action: 'abort', reason: visited.reason }
        : real;
    // Only the canary judged: one promoted or replaced since the map was read is no longer this check's.
    const aborted =
      verdict.action === 'abort' &&
      !options.judgeOnly &&
      abortCanary(deploy, remote, { version, reason: verdict.reason, by: 'automatic', settings, now }) !==
        undefined;
    return {
      remote,
      canary: version,
      defaultVersion,
      percent: canary.deployment.traffic,
      verdict,
      aborted,
      ...(visited ? { synthetic: visited } : {}),
      vitals: judgedVitals[index] as VitalsVerdict,
    };
  });
}

/** One line about a check: what the watcher logs for an abort, and `pnpm release watch --once` for each. */
export function describeCheck({
  remote,
  canary,
  defaultVersion,
  percent,
  verdict,
  aborted,
  synthetic,
  vitals,
}: CanaryCheck) {
  const { folder } = remotes[remote];
  if (aborted)
    return `Canary aborted: ${folder} ${canary} (${percent}%) is out, ${defaultVersion} serves everyone again: ${verdict.reason}`;
  if (verdict.action === 'abort')
    return `Canary ${folder} ${canary} was judged worse but is no longer live: ${verdict.reason}`;
  const visited = synthetic ? `; ${synthetic.reason}` : '';
  const held = vitals?.action === 'hold' ? `; held on Web Vitals: ${vitals.reason}` : '';
  return `Canary kept: ${folder} ${canary} (${percent}%) beside ${defaultVersion}: ${verdict.reason}${visited}${held}`;
}
