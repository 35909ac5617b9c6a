/**
 * The release protocol both sides share: the forms of a release command (what `pnpm release` parses from its
 * arguments and the release service runs), and the parsers of the values a command carries, `--canary`,
 * `--stages` and `--hold`, which the client applies to its arguments and the service to its query. One rule,
 * one message, on either side of the HTTP boundary.
 */
import type { DeployEnvironment } from 'build-config/release-protocol';
import type { RemoteName } from 'build-config/topology';
import { UsageError } from 'platform-kit/cli';
import { versionGrammar, versionPattern } from './version.ts';

/** What `--stages` and `--hold` ask for. */
export interface RolloutRequest {
  /** Percents, increasing; the first is the canary's start, a last of 100 is a promote. */
  stages: number[];
  holdSeconds: number;
}

export type ReleaseCommand =
  | { kind: 'help' }
  | { kind: 'release'; name: RemoteName; buildDir?: string; force: boolean }
  | { kind: 'shell'; buildDir?: string; force: boolean }
  | {
      kind: 'canary';
      name: RemoteName;
      percent: number;
      buildDir?: string;
      force: boolean;
      /** A staged rollout: --stages and --hold. */
      rollout?: RolloutRequest;
    }
  | { kind: 'promote'; name: RemoteName }
  /**
   * pnpm release <remote> promote-to-production [<version>] (or shell promote-to-production): a version on
   * staging made production's as the same build, for everyone or as a canary (the release service's).
   */
  | {
      kind: 'promote-to-production';
      name: RemoteName | 'shell';
      version?: string;
      percent?: number;
      rollout?: RolloutRequest;
    }
  | { kind: 'abort'; name: RemoteName; reason?: string }
  | { kind: 'status'; names: readonly RemoteName[] }
  | { kind: 'watch'; once: boolean }
  /** `env`: --env, on a host with staging (environmentOf). */
  | {
      kind: 'preview';
      name: RemoteName;
      buildDir?: string;
      force: boolean;
      hours?: string;
      env?: DeployEnvironment;
    }
  | { kind: 'preview-link'; name: RemoteName; version: string; hours?: string; env?: DeployEnvironment }
  /** pnpm release preview revoke <remote> [<link>]: one link, or every link of the remote (the service's). */
  | { kind: 'revoke-preview'; name: RemoteName; link?: string }
  /** Not a form of pnpm release: pnpm dev <remote> --against asks the service for it. */
  | { kind: 'dev-link'; name: RemoteName; dev: string; hours?: string };

/** The --canary value: a whole percent of visitors, 1 to 99 (0 is no canary, 100 is a release). */
export function canaryPercent(raw: string | undefined): number {
  const percent = Number(raw);
  if (raw === undefined || !/^\d+$/.test(raw.trim()) || percent < 1 || percent > 99) {
    throw new UsageError(
      `--canary takes the percent of visitors who get the new version, a whole number from 1 to 99; got "${raw ?? ''}".`,
    );
  }
  return percent;
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
 * must be the first stage. Raw text, as the service reads its query.
 */
export function parseRollout(raw: {
  stages?: string | undefined;
  hold?: string | undefined;
  canary?: string | undefined;
}): RolloutRequest | undefined {
  if (raw.stages === undefined && raw.hold === undefined) return undefined;
  requireBoth(raw.stages, raw.hold);
  const stages = parseStages(raw.stages);
  const canary = raw.canary === undefined ? undefined : Number(raw.canary);
  return rolloutOf(
    { stages, holdSeconds: parseHold(raw.hold), canary },
    { canary: raw.canary, stages: raw.stages },
  );
}

function requireBoth(stages: unknown, hold: unknown) {
  if (stages === undefined)
    throw new UsageError('--hold is the time between the stages of --stages: give --stages too.');
  if (hold === undefined)
    throw new UsageError('--stages needs --hold: how long each stage runs before the next (30s, 10m, 2h).');
}

/**
 * The same rules over values already parsed (the command line's parsers ran on each option as it was read):
 * both or neither of stages and hold, and a canary that is the first stage. `typed` is the text as typed, for the
 * message.
 */
export function rolloutOf(
  parsed: { stages?: number[] | undefined; holdSeconds?: number | undefined; canary?: number | undefined },
  typed: { canary?: string | undefined; stages?: string | undefined } = {},
): RolloutRequest | undefined {
  const { stages, holdSeconds, canary } = parsed;
  if (stages === undefined && holdSeconds === undefined) return undefined;
  requireBoth(stages, holdSeconds);
  const first = (stages as number[])[0] as number;
  if (canary !== undefined && canary !== first)
    throw new UsageError(
      `--canary ${typed.canary ?? canary} and --stages ${typed.stages ?? (stages as number[]).join(',')} disagree: the canary starts at the first stage (${first}%); ` +
        'leave --canary out or make it the first stage.',
    );
  return { stages: stages as number[], holdSeconds: holdSeconds as number };
}

/** "10 min", "2 h", "45 s". */
export function holdText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

export const stagesText = (stages: readonly number[]) => stages.map((stage) => `${stage}%`).join(' → ');

/** A promotion from staging (docs/releasing.md#staging): a version on staging, a share of production as for a release. */
export interface PromotionRequest {
  version?: string;
  canary?: number;
  rollout?: RolloutRequest;
}

/** A promotion's JSON body, `{ version?, canary?, stages?, hold? }`, held to the rules of a release's query. */
export function promotionOf(body: Record<string, unknown>, shell: boolean): PromotionRequest {
  const text = (field: string) => {
    const value = body[field];
    if (value === undefined || value === null || typeof value === 'string') return value ?? undefined;
    throw new UsageError(`"${field}" must be a string, as --${field} is typed.`);
  };
  const version = text('version');
  if (version !== undefined && !versionPattern.test(version))
    throw new UsageError(`"version" must be a version on staging (${versionGrammar}).`);
  const typed = body.canary === undefined || body.canary === null ? undefined : String(body.canary);
  const rollout = parseRollout({ stages: text('stages'), hold: text('hold'), canary: typed });
  const first = rollout?.stages[0];
  const canary =
    first !== undefined || typed !== undefined ? canaryPercent(String(first ?? typed)) : undefined;
  if (shell && canary !== undefined)
    throw new UsageError('The shell has no canary: promote it for everyone, without canary.');
  return { ...(version ? { version } : {}), ...(canary ? { canary } : {}), ...(rollout ? { rollout } : {}) };
}

/** With staging on, a release lands there for everyone; a share of production's visitors is the promotion's. */
export function refuseCanaryOnStaging(scope: string, canary: number | undefined, rollout?: RolloutRequest) {
  if (canary === undefined) return;
  const share = rollout
    ? `--stages ${rollout.stages.join(',')} --hold ${rollout.holdSeconds}s`
    : `--canary ${canary}`;
  throw new UsageError(
    'This host has a staging environment: a release lands on staging, for everyone there, and a canary is ' +
      `production's. Release without it, then: npx pnpm release ${scope} promote-to-production ${share}. Nothing changed.`,
  );
}

/** --env's value, or the `env` of a request. */
export function environmentName(raw: unknown): DeployEnvironment {
  if (raw === 'staging' || raw === 'production') return raw;
  throw new UsageError(`--env takes staging or production, got ${JSON.stringify(raw)}.`);
}

/**
 * The environment a rollback or a preview works in (`--env`, docs/releasing.md#staging): on a host with staging,
 * staging's unless production's is asked for; on a host without, production's, the only one, so nothing is named
 * (asking for staging there is refused).
 */
export function environmentOf(raw: unknown, staging: boolean): { env?: DeployEnvironment } {
  const named = raw === undefined ? undefined : environmentName(raw);
  if (staging) return { env: named ?? 'staging' };
  if (named === 'staging')
    throw new UsageError(
      "This host has no staging environment (AGENCY_STAGING is off here): every change is production's. Nothing changed.",
    );
  return {};
}
