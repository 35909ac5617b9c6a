import { canaryRules, type VersionHealth } from 'deploy-model/canary/verdict';
import { parseHold, parseRollout, parseStages } from 'deploy-model/release-command';
import {
  refused,
  refusedHolds,
  refusedHoldWords,
  refusedStages,
} from 'deploy-model/testing/rollout-refusals';
import { describe, expect, it } from 'vitest';
import { judgeStage } from './rollout.ts';
import { isDue, newRolloutPlan, nextStagePlan } from './rollout-plan.ts';
import { formatReleaseStatus, type RemoteStatus } from './status.ts';

describe('pnpm release --stages --hold', () => {
  it('takes a canary at the first stage, with or without --canary', () => {
    // The command line's reading of these flags: platform/cli/src/release-args.test.ts.
    expect(parseRollout({ stages: '1, 10, 40', hold: '2h' })).toEqual({
      stages: [1, 10, 40],
      holdSeconds: 7200,
    });
  });

  it.each(refusedStages)('refuses --stages %j', (stages, why) => {
    expect(refused(() => parseStages(stages))).toMatch(why);
    expect(refused(() => parseRollout({ stages, hold: '10m' }))).toMatch(why);
  });

  it.each(refusedHolds)('refuses --hold %j', (hold) => {
    expect(refused(() => parseHold(hold))).toMatch(refusedHoldWords);
  });

  it('reads 30s, 10m, 2h and the bounds', () => {
    expect([parseHold('30s'), parseHold('10m'), parseHold('2h'), parseHold('5s'), parseHold('24h')]).toEqual([
      30, 600, 7200, 5, 86_400,
    ]);
  });

  it('needs both flags, and a --canary that is the first stage', () => {
    // As the service reads its query; the command line's forms: platform/cli/src/release-args.test.ts.
    expect(refused(() => parseRollout({ stages: '5,100' }))).toMatch(/needs --hold/);
    expect(refused(() => parseRollout({ hold: '10m' }))).toMatch(/give --stages too/);
    expect(refused(() => parseRollout({ canary: '10', stages: '5,100', hold: '1m' }))).toMatch(
      /--canary 10 and --stages 5,100 disagree: the canary starts at the first stage \(5%\)/,
    );
  });
});

describe('a plan on its clock', () => {
  const start = new Date('2026-11-27T15:00:00.000Z');
  const plan = newRolloutPlan(
    { stages: [5, 25, 100], holdSeconds: 600 },
    { version: '1.0.0-abc', since: start.toISOString() },
    start,
  );

  it('is due one hold after each stage began, and done at the last', () => {
    expect(plan.nextDueAt).toBe('2026-11-27T15:10:00.000Z');
    expect(isDue(plan, new Date('2026-11-27T15:09:59.999Z'))).toBe(false);
    expect(isDue(plan, new Date('2026-11-27T15:10:00.000Z'))).toBe(true);
    // Advanced late (held for health): the next hold counts from when it really advanced.
    const second = nextStagePlan(plan, new Date('2026-11-27T15:14:00.000Z'));
    expect(second).toMatchObject({ stage: 1, stageSince: '2026-11-27T15:14:00.000Z' });
    expect(second.nextDueAt).toBe('2026-11-27T15:24:00.000Z');
    const last = nextStagePlan(second, new Date('2026-11-27T15:24:00.000Z'));
    expect(last.stage).toBe(2);
    expect(last.nextDueAt).toBeUndefined();
    expect(isDue(last, new Date('2027-01-01T00:00:00.000Z'))).toBe(false);
  });
});

const health = (views: number, failures: number, clients = views, networks = views): VersionHealth => ({
  views,
  failures,
  distinct: {
    viewClients: clients,
    viewNetworks: networks,
    failureClients: Math.min(clients, failures),
    failureNetworks: Math.min(networks, failures),
  },
});
const stable = health(1000, 10);

describe('healthy enough for the next stage', () => {
  it('advances a canary with enough views from enough visitors, failing no more than allowed', () => {
    expect(judgeStage(health(200, 0), stable, canaryRules)).toEqual({
      advance: true,
      reason: 'healthy: failure rate 0.0% in 200 views (at most 6.0% allowed)',
    });
    expect(judgeStage(health(200, 12), stable, canaryRules).advance).toBe(true);
  });

  it('holds a canary too few have seen, though the check keeps it', () => {
    const verdict = judgeStage(health(12, 0), stable, canaryRules);
    expect(verdict).toEqual({
      advance: false,
      reason: 'held until the canary has 50 views (12 so far): too few to call it healthy',
    });
    expect(judgeStage(health(0, 0), health(0, 0), canaryRules).advance).toBe(false);
  });

  it('holds a canary whose views come from one client or one network (a forger can not push it on)', () => {
    expect(judgeStage(health(500, 0, 1, 1), stable, canaryRules)).toEqual({
      advance: false,
      reason:
        'held: its views come from 1 clients in 1 networks; a stage needs views from at least 5 clients in 3 networks',
    });
    expect(judgeStage(health(500, 0, 40, 2), stable, canaryRules).advance).toBe(false);
  });

  it('holds a canary above its limit that is not yet clearly worse, and one judged worse', () => {
    const hovering = judgeStage(health(100, 9), stable, canaryRules);
    expect(hovering.advance).toBe(false);
    expect(hovering.reason).toMatch(/^held: its failure rate 9\.0% is above the 6\.0% it is held to: /);
    const worse = judgeStage(health(200, 100), stable, canaryRules);
    expect(worse.advance).toBe(false);
    expect(worse.reason).toMatch(/^judged worse, the canary check aborts it: failure rate 50\.0%/);
  });

  const passed = { state: 'passed', reason: 'synthetic visits passed: / hydrated' } as const;

  it('advances a canary too few have seen when its synthetic visit at this stage passed (a quiet site)', () => {
    expect(judgeStage(health(0, 0), health(0, 0), canaryRules, passed)).toEqual({
      advance: true,
      reason: 'healthy: synthetic visits passed: / hydrated (0 real views, too few to judge them)',
    });
    expect(judgeStage(health(500, 0, 1, 1), stable, canaryRules, passed).advance).toBe(true);
    // A visit that failed once, or could not run, stands in for nothing.
    for (const state of ['unknown', 'failed'] as const)
      expect(judgeStage(health(0, 0), stable, canaryRules, { state, reason: '' }).advance).toBe(false);
  });

  it('judges real views as ever: too few that fail hold it, and enough are judged on their own', () => {
    expect(judgeStage(health(4, 2), stable, canaryRules, passed)).toEqual({
      advance: false,
      reason:
        'held: synthetic visits passed: / hydrated, but its 4 real views fail at 50.0%, above the 6.0% it is held to',
    });
    expect(judgeStage(health(100, 9), stable, canaryRules, passed).advance).toBe(false);
    expect(judgeStage(health(200, 100), stable, canaryRules, passed).reason).toMatch(/^judged worse/);
    expect(judgeStage(health(200, 0), stable, canaryRules, passed).reason).toBe(
      'healthy: failure rate 0.0% in 200 views (at most 6.0% allowed)',
    );
  });
});

describe('the status of a rollout', () => {
  const now = new Date('2026-11-27T15:13:00.000Z');
  const at = (stage: number, nextDueAt?: string): RemoteStatus => ({
    remote: 'mf_portfolio',
    versions: [
      { version: '1.0.0-aaaaaaaa', role: 'default', traffic: 75 },
      { version: '1.0.0-bbbbbbbb', role: 'canary', traffic: 25 },
    ],
    rollout: {
      plan: {
        stages: [5, 25, 50],
        holdSeconds: 600,
        version: '1.0.0-bbbbbbbb',
        canarySince: '2026-11-27T14:50:00.000Z',
        stage,
        stageSince: '2026-11-27T15:00:00.000Z',
        ...(nextDueAt ? { nextDueAt } : {}),
      },
      next: {
        advance: false,
        reason: 'held until the canary has 50 views (12 so far): too few to call it healthy',
      },
    },
  });
  const rolloutLines = (status: RemoteStatus) =>
    formatReleaseStatus([status], now)
      .split('\n')
      .filter((line) => /^ {2}(staged rollout|next stage)/.test(line));

  it('names the plan, the stage, when the next is due and why it would wait', () => {
    expect(rolloutLines(at(1, '2026-11-27T15:20:00.000Z'))).toEqual([
      '  staged rollout: 5% → 25% → 50%, one stage every 10 min; at stage 2 of 3 (25%) since 2026-11-27T15:00:00.000Z',
      '  next stage: 50% due at 2026-11-27T15:20:00.000Z (in 7 min); as of now held until the canary has 50 views (12 so far): too few to call it healthy',
    ]);
    expect(rolloutLines(at(1, '2026-11-27T15:10:00.000Z'))[1]).toMatch(/\(due now\); as of now held/);
  });

  it('says when the last stage is live and below 100, and when the plan cannot be read', () => {
    expect(rolloutLines(at(2))[1]).toBe(
      '  next stage: none, this is the last: promote it or abort it by hand',
    );
    const { rollout: _, ...without } = at(1);
    expect(
      formatReleaseStatus([{ ...without, rolloutUnreadable: 'x.rollout.json is not JSON' }], now),
    ).toContain('  staged rollout: unreadable, nothing advances: x.rollout.json is not JSON');
  });
});
