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
import type { RemoteMapDocument } from 'federation/remote-map';
import { UsageError } from 'platform-kit/cli';

/** What `--stages` and `--hold` ask for. */
export interface RolloutRequest {
  /** Percents, increasing; the first is the canary's start, a last of 100 is a promote. */
  stages: number[];
  holdSeconds: number;
}

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

/** A hold shorter than this leaves no time for a single view; longer than a day, the plan outlives its team. */
export const holdBounds = { minSeconds: 5, maxSeconds: 24 * 3600 };
export const maxStages = 10;

const unitSeconds = { s: 1, m: 60, h: 3600 } as const;

/**
 * `30s`, `10m`, `2h`: a whole number and one unit. Hand-written rather than a duration library: those also take
 * `1.5h`, `10 minutes` or a bare number of milliseconds, and a hold typed as `10` must be refused, not read as
 * 10 ms.
 */
export function parseHold(raw: string | undefined): number {
  const match = /^(\d{1,6})([smh])$/.exec(raw?.trim() ?? '');
  const seconds = match ? Number(match[1]) * unitSeconds[match[2] as keyof typeof unitSeconds] : Number.NaN;
  if (!match || seconds < holdBounds.minSeconds || seconds > holdBounds.maxSeconds)
    throw new UsageError(
      `--hold is how long each stage runs before the next, a whole number with s, m or h (30s, 10m, 2h), from ` +
        `${holdBounds.minSeconds}s to ${holdBounds.maxSeconds / 3600}h; got "${raw ?? ''}".`,
    );
  return seconds;
}

/** `5,25,50,100`: whole percents from 1 to 100, each above the one before, the first below 100. */
export function parseStages(raw: string | undefined): number[] {
  const parts = (raw ?? '').split(',').map((part) => part.trim());
  const refuse = (why: string): never => {
    throw new UsageError(
      `--stages lists the canary's share of visitors at each stage, whole percents from 1 to 100, each above ` +
        `the one before, e.g. 5,25,50,100 (100 promotes it): ${why}; got "${raw ?? ''}".`,
    );
  };
  if (parts.some((part) => !/^\d{1,3}$/.test(part))) refuse('each stage is a whole number');
  const stages = parts.map(Number);
  if (stages.length < 2) refuse('a rollout has at least two stages');
  if (stages.length > maxStages) refuse(`at most ${maxStages} stages`);
  for (const [index, stage] of stages.entries()) {
    if (stage < 1 || stage > 100) refuse(`${stage} is not from 1 to 100`);
    const before = stages[index - 1];
    if (before !== undefined && stage <= before) refuse(`${stage} does not come after ${before}`);
  }
  return stages;
}

/**
 * The rollout `--stages` and `--hold` ask for (both or neither), and the canary's start: `--canary`, if given,
 * must be the first stage.
 */
export function parseRollout(raw: {
  stages?: string | undefined;
  hold?: string | undefined;
  canary?: string | undefined;
}): RolloutRequest | undefined {
  if (raw.stages === undefined && raw.hold === undefined) return undefined;
  if (raw.stages === undefined)
    throw new UsageError('--hold is the time between the stages of --stages: give --stages too.');
  if (raw.hold === undefined)
    throw new UsageError('--stages needs --hold: how long each stage runs before the next (30s, 10m, 2h).');
  const stages = parseStages(raw.stages);
  const first = stages[0] as number;
  if (raw.canary !== undefined && Number(raw.canary) !== first)
    throw new UsageError(
      `--canary ${raw.canary} and --stages ${raw.stages} disagree: the canary starts at the first stage (${first}%); ` +
        'leave --canary out or make it the first stage.',
    );
  return { stages, holdSeconds: parseHold(raw.hold) };
}

/** "10 min", "2 h", "45 s". */
export function holdText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

export const stagesText = (stages: readonly number[]) => stages.map((stage) => `${stage}%`).join(' → ');

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
