import { describe, expect, it } from 'vitest';
import { type CanaryVerdict, canaryRules, judgeCanary, type VersionHealth } from './verdict.ts';

/** Counts from many visitors: every view and every failure from a client and a network of its own. */
const health = (views: number, failures: number): VersionHealth => ({
  views,
  failures,
  distinct: { viewClients: views, viewNetworks: views, failureClients: failures, failureNetworks: failures },
});
/** A default version with plenty of views and a 1% failure rate: the limit is 6%. */
const steady = health(1000, 10);

describe('judgeCanary', () => {
  it('waits for enough canary views, saying how many', () => {
    expect(judgeCanary(health(12, 9), steady)).toEqual({
      action: 'keep',
      reason: 'waiting for 50 canary views (12 so far)',
    });
    expect(judgeCanary(health(0, 0), steady, { ...canaryRules, minCanaryViews: 0 }).reason).toBe(
      'waiting for 1 canary view (0 so far)',
    );
  });

  it('keeps a canary without failures, whatever the default version does', () => {
    expect(judgeCanary(health(200, 0), health(5000, 0))).toEqual({
      action: 'keep',
      reason: 'no failures in 200 canary views',
    });
    expect(judgeCanary(health(200, 0), health(0, 0)).action).toBe('keep');
  });

  it('keeps a canary that is only marginally worse, up to exactly the limit', () => {
    expect(judgeCanary(health(50, 1), health(200, 3))).toEqual({
      action: 'keep',
      reason:
        "failure rate 2.0% (1 of 50 views) vs the default version's 1.5% (3 of 200 views): within 5 points",
    });
    expect(judgeCanary(health(100, 6), steady).action).toBe('keep');
  });

  it('aborts a canary that is clearly worse', () => {
    expect(judgeCanary(health(50, 20), steady)).toEqual({
      action: 'abort',
      reason:
        'failure rate 40.0% (20 of 50 views, at least 27.6% allowing for chance) exceeds ' +
        "the default version's 1.0% (10 of 1000 views) by more than 5 points",
    });
  });

  it('keeps a canary over the limit while its counts still allow a rate within it', () => {
    expect(judgeCanary(health(100, 8), steady)).toEqual({
      action: 'keep',
      reason:
        'failure rate 8.0% (8 of 100 views, at least 4.1% allowing for chance) does not yet clearly exceed ' +
        "the default version's 1.0% (10 of 1000 views) by more than 5 points; keeping it while views accumulate",
    });
    // The same rate over ten times the views is no longer chance.
    expect(judgeCanary(health(1000, 80), steady).action).toBe('abort');
  });

  it('holds the canary to a fixed ceiling while the default version has too few views to compare with', () => {
    expect(judgeCanary(health(50, 20), health(0, 0))).toEqual({
      action: 'abort',
      reason:
        'failure rate 40.0% (20 of 50 views, at least 27.6% allowing for chance) exceeds ' +
        'the 5% ceiling used while the default version has fewer than 100 views (0 so far)',
    });
    // 2 failures in 40 default views would make 5% + 5 points the limit; the ceiling is 5%.
    expect(judgeCanary(health(200, 9), health(40, 2)).reason).toBe(
      'failure rate 4.5% (9 of 200 views) vs the 5% ceiling used while the default version has fewer than ' +
        '100 views (40 so far): within it',
    );
    expect(judgeCanary(health(400, 40), health(40, 2)).action).toBe('abort');
  });

  it('counts more failures than views as every view failing, and says so', () => {
    expect(judgeCanary(health(50, 60), steady)).toEqual({
      action: 'abort',
      reason:
        'failure rate 100.0% (50 of 50 views, at least 92.9% allowing for chance) exceeds ' +
        "the default version's 1.0% (10 of 1000 views) by more than 5 points " +
        '(the canary reported 60 failures in 50 views: counted as 50)',
    });
    // A default version that fails everywhere makes no canary look worse.
    expect(judgeCanary(health(50, 20), health(100, 150)).action).toBe('keep');
  });

  it.each([
    [health(-1, 0), steady, "The canary's views must be a whole number of 0 or more, got -1."],
    [health(50, 1.5), steady, "The canary's failures must be a whole number of 0 or more, got 1.5."],
    [
      steady,
      health(Number.NaN, 0),
      "The default version's views must be a whole number of 0 or more, got NaN.",
    ],
    [steady, health(100, Number.POSITIVE_INFINITY), /default version's failures .* got Infinity/],
  ])('refuses counts that are no counts: %j %j', (canary, stable, message) => {
    expect(() => judgeCanary(canary, stable)).toThrow(RangeError);
    expect(() => judgeCanary(canary, stable)).toThrow(message);
  });

  it('follows rules passed in', () => {
    const strict = { ...canaryRules, minCanaryViews: 20, maxExcessPoints: 1 };
    expect(judgeCanary(health(20, 1), steady, strict).action).toBe('keep');
    expect(judgeCanary(health(400, 40), steady, strict).reason).toMatch(/by more than 1 points$/);
    expect(judgeCanary(health(400, 40), steady, strict).action).toBe('abort');
  });
});

describe('judgeCanary, on who the counts came from', () => {
  const failing = health(200, 80);
  const from = (
    viewClients: number,
    viewNetworks: number,
    failureClients: number,
    failureNetworks: number,
  ) => ({
    ...failing,
    distinct: { viewClients, viewNetworks, failureClients, failureNetworks },
  });

  it('aborts only when the views and the failures each come from enough clients and networks', () => {
    expect(judgeCanary(from(5, 3, 5, 3), steady).action).toBe('abort');
    expect(judgeCanary(from(200, 200, 1, 1), steady)).toEqual({
      action: 'keep',
      reason:
        'failure rate 40.0% (80 of 200 views, at least 33.5% allowing for chance) exceeds the default ' +
        "version's 1.0% (10 of 1000 views) by more than 5 points, but its views come from 200 clients in " +
        '200 networks and its failures from 1 client in 1 network: an abort needs views and failures from ' +
        'at least 5 clients in 3 networks each; keeping it',
    });
    // Many clients of one network are one network; few clients in many networks are few clients.
    expect(judgeCanary(from(200, 200, 80, 2), steady).action).toBe('keep');
    expect(judgeCanary(from(200, 200, 4, 4), steady).action).toBe('keep');
    expect(judgeCanary(from(4, 4, 80, 80), steady).action).toBe('keep');
    expect(judgeCanary(from(200, 2, 80, 80), steady).action).toBe('keep');
  });

  it('takes the thresholds from the rules (AGENCY_CANARY_MIN_CLIENTS, AGENCY_CANARY_MIN_NETWORKS)', () => {
    const lenient = { ...canaryRules, minClients: 1, minNetworks: 1 };
    expect(judgeCanary(from(1, 1, 1, 1), steady, lenient).action).toBe('abort');
    expect(judgeCanary(from(1, 1, 1, 1), steady).action).toBe('keep');
  });

  it('refuses distinct counts that are not whole numbers of 0 or more', () => {
    expect(() => judgeCanary(from(-1, 1, 1, 1), steady)).toThrow(
      "The canary's viewClients must be a whole number of 0 or more, got -1.",
    );
  });
});

/** The verdicts over cumulative snapshots: each batch adds its views and failures to the ones before. */
function verdictsOver(batches: readonly [number, number][], stable: VersionHealth): CanaryVerdict[] {
  const total = { views: 0, failures: 0 };
  return batches.map(([views, failures]) => {
    total.views += views;
    total.failures += failures;
    return judgeCanary(health(total.views, total.failures), stable);
  });
}

describe('judgeCanary over successive snapshots', () => {
  it('does not flip for a canary whose rate hovers around the limit', () => {
    // A minute of 100 views with 4 to 9 failures: the cumulative rate crosses 6% up and down.
    const failuresPerMinute = [4, 9, 5, 8, 6, 7, 4, 8, 5, 7, 6, 5, 8, 4, 7, 6];
    const batches = failuresPerMinute.map((failures): [number, number] => [100, failures]);
    let views = 0;
    let failures = 0;
    const overLimit = batches.map(([batchViews, batchFailures]) => {
      views += batchViews;
      failures += batchFailures;
      return failures / views > 0.06;
    });
    // The sequence does cross the limit both ways: a verdict on the plain rate would flip.
    expect(overLimit).toContain(true);
    expect(overLimit).toContain(false);
    expect(verdictsOver(batches, steady).map((verdict) => verdict.action)).toEqual(batches.map(() => 'keep'));
  });

  it('aborts a clearly worse canary once the evidence is in, and every later snapshot agrees', () => {
    // 25 views a minute, 2 to 4 of them failing (about 12%).
    const batches = [3, 2, 4, 3, 3, 2, 4, 3, 3, 4].map((failures): [number, number] => [25, failures]);
    const actions = verdictsOver(batches, steady).map((verdict) => verdict.action);
    const firstAbort = actions.indexOf('abort');
    expect(actions.slice(0, 2)).toEqual(['keep', 'keep']);
    expect(firstAbort).toBeGreaterThan(1);
    expect(actions.slice(firstAbort)).toEqual(actions.slice(firstAbort).map(() => 'abort'));
  });
});
