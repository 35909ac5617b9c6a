/**
 * A staged rollout's steps: whether the canary may go to its next stage (judgeStage), which plans are due and
 * may (dueRollouts, run by the release service after each canary check), and the step itself (advanceStage, run
 * through the service's queue by `automatic`).
 *
 * Healthy enough for the next stage is more than "not judged worse". The canary check keeps a canary it cannot
 * judge (too few views, too few visitors), which is right for keeping it at its share, and wrong for giving it
 * more: a canary nobody has seen would reach everyone by Friday evening, one hold after another. So a stage
 * waits, past its due time, until the canary's views are enough for a verdict (AGENCY_CANARY_MIN_VIEWS) and come
 * from enough visitors (AGENCY_CANARY_MIN_CLIENTS in AGENCY_CANARY_MIN_NETWORKS, as an abort needs), and its
 * failure rate is within what the check allows (the default version's plus AGENCY_CANARY_MAX_EXCESS_POINTS, or
 * the ceiling). A canary that merely hovers above that limit is neither aborted nor advanced: it stays where it
 * is until it is clearly worse (the check aborts it) or back within.
 */

import { type RemoteName, remoteNames, remotes } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { canaryEntry, defaultEntry, withCanary } from 'deploy-model/canary/map';
import { type CanaryRules, failureLimit, judgeCanary, type VersionHealth } from 'deploy-model/canary/verdict';
import { judgeVitals, type VitalsVerdict } from 'deploy-model/canary/vitals-verdict';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { stagesText } from 'deploy-model/release-command';
import { regeneratePages } from '../changes/release.ts';
import type { CanaryCheck } from './check.ts';
import {
  countsOf,
  healthPeriod,
  type JudgingOptions,
  judgedVitalsRoutes,
  judgingContext,
  vitalsOf,
} from './health.ts';
import { promoteCanary } from './release-canary.ts';
import { isDue, livePlan, nextStagePlan, type RolloutPlan, writeRolloutPlan } from './rollout-plan.ts';
import type { SyntheticOutcome } from './synthetic.ts';
export interface StageVerdict {
  advance: boolean;
  reason: string;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/**
 * Whether a canary with these counts may go to its next stage (see the comment at the top). `synthetic`: the
 * synthetic visit of this check, made at this stage (synthetic.ts): when it passed, it stands in for real views
 * too few to judge (a quiet site); real views enough for a verdict are judged as ever.
 */
export function judgeStage(
  canary: VersionHealth,
  stable: VersionHealth,
  rules: CanaryRules,
  synthetic?: SyntheticOutcome,
): StageVerdict {
  const verdict = judgeCanary(canary, stable, rules);
  if (verdict.action === 'abort')
    return { advance: false, reason: `judged worse, the canary check aborts it: ${verdict.reason}` };
  const needed = Math.max(1, rules.minCanaryViews);
  const { viewClients, viewNetworks } = canary.distinct;
  const tooFewToJudge =
    canary.views < needed || viewClients < rules.minClients || viewNetworks < rules.minNetworks;
  if (tooFewToJudge && synthetic?.state === 'passed') {
    // Real views too few to judge still hold it where they fail more than a canary may: never past them.
    const failing = canary.views === 0 ? 0 : Math.min(canary.failures, canary.views) / canary.views;
    const limit = failureLimit(stable, rules);
    if (failing > limit)
      return {
        advance: false,
        reason: `held: ${synthetic.reason}, but its ${canary.views} real views fail at ${percent(failing)}, above the ${percent(limit)} it is held to`,
      };
    return {
      advance: true,
      reason: `healthy: ${synthetic.reason} (${canary.views} real views, too few to judge them)`,
    };
  }
  if (canary.views < needed)
    return {
      advance: false,
      reason: `held until the canary has ${needed} views (${canary.views} so far): too few to call it healthy`,
    };
  if (viewClients < rules.minClients || viewNetworks < rules.minNetworks)
    return {
      advance: false,
      reason:
        `held: its views come from ${viewClients} clients in ${viewNetworks} networks; a stage needs views from ` +
        `at least ${rules.minClients} clients in ${rules.minNetworks} networks`,
    };
  const rate = Math.min(canary.failures, canary.views) / canary.views;
  const limit = failureLimit(stable, rules);
  if (rate > limit)
    return {
      advance: false,
      reason: `held: its failure rate ${percent(rate)} is above the ${percent(limit)} it is held to: ${verdict.reason}`,
    };
  return {
    advance: true,
    reason: `healthy: failure rate ${percent(rate)} in ${canary.views} views (at most ${percent(limit)} allowed)`,
  };
}

/** Healthy counts are not enough while its Web Vitals look worse than the default's: it stays where it is. */
export function heldOnVitals(stage: StageVerdict, vitals: VitalsVerdict): StageVerdict {
  return stage.advance && vitals.action !== 'keep'
    ? { advance: false, reason: `held on Web Vitals: ${vitals.reason}` }
    : stage;
}

export interface DueRollout {
  remote: RemoteName;
  plan: RolloutPlan;
  verdict: StageVerdict;
}

export interface DueOptions extends JudgingOptions {
  /** The canary check's results of this tick: a canary it judged worse is not advanced (it is being aborted). */
  checks?: readonly CanaryCheck[];
}

/** Every live plan whose next stage is due, with whether its canary may go there now. */
export async function dueRollouts(ref: DeployRef, options: DueOptions): Promise<DueRollout[]> {
  const deploy = openDeploy(ref);
  const { settings, now, readHealth, rules, vitalsRules } = judgingContext(options);
  const document = deploy.remoteMap();
  const due: DueRollout[] = [];
  for (const remote of remoteNames) {
    const judgedWorse = options.checks?.some(
      (check) => check.remote === remote && check.verdict.action === 'abort',
    );
    const plan = livePlan(deploy.path, document, remote);
    const canary = canaryEntry(document, remote);
    const stable = defaultEntry(document, remote);
    if (judgedWorse || !plan || !canary || !stable || !isDue(plan, now)) continue;
    const since = healthPeriod(canary.extras?.releasedAt, "the canary's start", now, settings).since;
    const report = await readHealth({ since, source: settings.health });
    // This check's synthetic visit counts only if it saw this canary at this stage's share.
    const visited = options.checks?.find(
      (check) =>
        check.remote === remote &&
        check.canary === plan.version &&
        check.percent === plan.stages[plan.stage] &&
        check.percent === canary.deployment.traffic,
    )?.synthetic;
    const counted = judgeStage(
      countsOf(report, remote, plan.version),
      countsOf(report, remote, stable.metadata.version),
      rules,
      visited,
    );
    const routes = judgedVitalsRoutes(deploy.path, remote);
    const vitals = judgeVitals(
      vitalsOf(report, remote, plan.version, routes),
      vitalsOf(report, remote, stable.metadata.version, routes),
      rules,
      vitalsRules,
    );
    const verdict = heldOnVitals(counted, vitals);
    due.push({ remote, plan, verdict });
  }
  return due;
}

export interface StageOutcome {
  version: string;
  defaultVersion: string;
  from: number;
  to: number;
  /** 1-based, of `of`. */
  stage: number;
  of: number;
  promoted: boolean;
}

export interface AdvanceOptions {
  /** The canary the service judged: a plan of another (or none) is left alone. */
  version: string;
  now: Date;
  /** Why it advances (the health it was judged on), for the release log. */
  reason: string;
  settings: ChangeSettings;
}

/** "stage 2 of 4 (25%) of the staged rollout 5% → 25% → 50% → 100%". */
export const stageText = ({ stage, of, to }: StageOutcome, stages: readonly number[]) =>
  `stage ${stage} of ${of} (${to}%) of the staged rollout ${stagesText(stages)}`;

/**
 * Takes the canary to its plan's next stage: a larger share, or, at 100, a promote by `automatic`. Undefined
 * when the plan is no longer this canary's or not due (a promote, an abort or a release came first).
 */
export function advanceStage(
  ref: DeployRef,
  name: RemoteName,
  options: AdvanceOptions,
): StageOutcome | undefined {
  const deploy = openDeploy(ref);
  const { folder } = remotes[name];
  const { now, settings } = options;
  const plan = livePlan(deploy.path, deploy.remoteMap(), name);
  if (!plan || plan.version !== options.version || !isDue(plan, now)) return undefined;
  const to = plan.stages[plan.stage + 1] as number;
  const outcome = (defaultVersion: string, from: number): StageOutcome => ({
    version: plan.version,
    defaultVersion,
    from,
    to,
    stage: plan.stage + 2,
    of: plan.stages.length,
    promoted: to === 100,
  });
  if (to === 100) {
    const promoted = promoteCanary(deploy, name, {
      settings,
      now,
      by: 'automatic',
      reason: `the last stage of the staged rollout ${stagesText(plan.stages)}: ${options.reason}`,
    });
    return outcome(promoted.defaultVersion, promoted.percent);
  }
  let found: { defaultVersion: string; from: number } | undefined;
  deploy.changeRemoteMap((current) => {
    const canary = canaryEntry(current, name);
    const stable = defaultEntry(current, name);
    if (!canary || !stable || canary.metadata.version !== plan.version) return current;
    found = { defaultVersion: stable.metadata.version, from: canary.deployment.traffic };
    return withCanary(current, name, stable, canary, to);
  });
  if (!found) return undefined;
  const done = outcome(found.defaultVersion, found.from);
  writeRolloutPlan(deploy.path, folder, nextStagePlan(plan, now));
  deploy.recordReleaseEvent(folder, {
    action: 'stage',
    version: plan.version,
    at: now.toISOString(),
    by: 'automatic',
    defaultVersion: done.defaultVersion,
    traffic: to,
    reason: `${stageText(done, plan.stages)}: ${options.reason}`,
  });
  regeneratePages(deploy, settings);
  return done;
}
