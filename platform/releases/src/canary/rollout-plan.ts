/**
 * A staged rollout's plan: a canary that starts at the first stage and is taken to the next one after each hold
 * while it is healthy (the last stage, 100, is a promote). The plan lives in the deploy folder beside the
 * remote's release log (deploy/releases/<remote-folder>.rollout.json), with the time the next stage is due
 * written as a time, not as a delay: a restarted release service reads it and the stage is due when it was.
 *
 * A plan belongs to one canary: its version and the time it entered the map. A plan whose canary is not the live
 * one (promoted, aborted, replaced, rolled back) is over, whatever is still on disk.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { RemoteName } from 'build-config/topology';
import { remotes } from 'build-config/topology';
import { writeFileAtomic } from 'deploy-folder/remote-map-file';
import { canaryEntry } from 'deploy-model/canary/map';
import type { RolloutRequest } from 'deploy-model/release-command';
import type { RemoteMapDocument } from 'federation/remote-map';

export interface RolloutPlan extends RolloutRequest {
  /** The canary the plan is for, and when it entered the map (its entry's releasedAt). */
  version: string;
  canarySince: string;
  /** Index in `stages` of the stage live now. */
  stage: number;
  /** ISO times: when the live stage began, and when the next is due (absent once the last stage is live). */
  stageSince: string;
  nextDueAt?: string;
}

export const rolloutFile = (deploy: string, folder: string) =>
  join(deploy, 'releases', `${folder}.rollout.json`);

export class RolloutPlanError extends Error {
  override name = 'RolloutPlanError';
}

function isPlan(value: unknown): value is RolloutPlan {
  const plan = value as Partial<RolloutPlan> | null;
  const time = (field: unknown) => typeof field === 'string' && !Number.isNaN(Date.parse(field));
  return (
    Array.isArray(plan?.stages) &&
    plan.stages.every((stage) => Number.isInteger(stage) && stage >= 1 && stage <= 100) &&
    Number.isInteger(plan.holdSeconds) &&
    typeof plan.version === 'string' &&
    time(plan.canarySince) &&
    Number.isInteger(plan.stage) &&
    (plan.stage as number) >= 0 &&
    (plan.stage as number) < plan.stages.length &&
    time(plan.stageSince) &&
    (plan.nextDueAt === undefined || time(plan.nextDueAt))
  );
}

/** The remote's plan on disk, whether or not its canary is still live; a broken file throws, naming it. */
export function readRolloutPlan(deploy: string, folder: string): RolloutPlan | undefined {
  const file = rolloutFile(deploy, folder);
  if (!existsSync(file)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RolloutPlanError(`${file} is not JSON (${(error as Error).message}); fix or delete it`);
  }
  if (!isPlan(parsed)) throw new RolloutPlanError(`${file} is not a rollout plan; fix or delete it`);
  return parsed;
}

export function writeRolloutPlan(deploy: string, folder: string, plan: RolloutPlan) {
  mkdirSync(join(deploy, 'releases'), { recursive: true });
  writeFileAtomic(rolloutFile(deploy, folder), `${JSON.stringify(plan, null, 2)}\n`);
}

/** Ends the remote's plan (a promote, an abort or a release by hand, or its last stage reached). */
export function endRolloutPlan(deploy: string, folder: string) {
  rmSync(rolloutFile(deploy, folder), { force: true });
}

/** The plan of the canary live now, or undefined when there is none or it is another canary's. */
export function livePlan(
  deploy: string,
  document: RemoteMapDocument,
  name: RemoteName,
): RolloutPlan | undefined {
  const plan = readRolloutPlan(deploy, remotes[name].folder);
  const canary = canaryEntry(document, name);
  if (!plan || !canary) return undefined;
  const same = canary.metadata.version === plan.version && canary.extras?.releasedAt === plan.canarySince;
  return same ? plan : undefined;
}

const addSeconds = (time: Date, seconds: number) => new Date(time.getTime() + seconds * 1000).toISOString();

/** The plan of a canary that has just started at the first stage. */
export function newRolloutPlan(
  request: RolloutRequest,
  canary: { version: string; since: string },
  now: Date,
): RolloutPlan {
  return {
    ...request,
    version: canary.version,
    canarySince: canary.since,
    stage: 0,
    stageSince: now.toISOString(),
    nextDueAt: addSeconds(now, request.holdSeconds),
  };
}

/** The plan once the next stage is live: due again a hold later, or done at the last stage. */
export function nextStagePlan(plan: RolloutPlan, now: Date): RolloutPlan {
  const stage = plan.stage + 1;
  const last = stage === plan.stages.length - 1;
  const { nextDueAt: _done, ...rest } = plan;
  return {
    ...rest,
    stage,
    stageSince: now.toISOString(),
    ...(last ? {} : { nextDueAt: addSeconds(now, plan.holdSeconds) }),
  };
}

export const isDue = (plan: RolloutPlan, now: Date) =>
  plan.nextDueAt !== undefined && Date.parse(plan.nextDueAt) <= now.getTime();
