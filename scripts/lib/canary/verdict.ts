/**
 * Whether a remote's canary (a share of visitors on a new version, beside its default version) is kept or
 * aborted, judged from the health of both. Pure: reading the counts and acting on the verdict happen elsewhere.
 *
 * The counts are cumulative since the canary started, not per minute. A minute of a small canary holds a few
 * dozen views, where one unlucky visitor moves the rate by points; a cumulative count moves less with every
 * minute that is added to it, so successive verdicts see nearly the same rate and do not flip back and forth.
 *
 * Abort only when the canary is clearly worse: when even the lowest failure rate its counts allow (the lower end
 * of the 95% Wilson interval) is more than maxExcessPoints above the default version's rate. A canary whose rate
 * merely hovers at that limit stays below it at the lower end, however the minutes fall; one that truly is worse
 * gets there as views accumulate, and its next verdicts say the same (an abort ends the canary anyway).
 */

/** views: page views in which the remote was shown; failures: load failures + render errors + hydration mismatches. */
export interface VersionHealth {
  views: number;
  failures: number;
}

export interface CanaryRules {
  /** Canary views before any verdict but "keep": with fewer, one or two failures swing the rate by points. */
  minCanaryViews: number;
  /** How far (in percentage points) the canary's failure rate may exceed the default version's. */
  maxExcessPoints: number;
  /** Default-version views needed to take its rate as the baseline. */
  minDefaultViews: number;
  /** The failure rate (percent) the canary is held to instead while the default version has fewer views. */
  ceilingWithoutBaseline: number;
  /** How sure "clearly worse" is: 1.96 takes the lower end of the 95% interval of the canary's rate. */
  confidenceZ: number;
}

export const canaryRules: CanaryRules = {
  minCanaryViews: 50,
  maxExcessPoints: 5,
  minDefaultViews: 100,
  ceilingWithoutBaseline: 5,
  confidenceZ: 1.96,
};

export type CanaryVerdict = { action: 'keep'; reason: string } | { action: 'abort'; reason: string };

function checkCounts(who: string, health: VersionHealth): void {
  for (const field of ['views', 'failures'] as const) {
    const value = health[field];
    if (!Number.isInteger(value) || value < 0) {
      throw new RangeError(`The ${who}'s ${field} must be a whole number of 0 or more, got ${value}.`);
    }
  }
}

interface Rate {
  /** A fraction: failures (at most the views) per view. */
  rate: number;
  failures: number;
  views: number;
  /** The failures as reported, before capping. */
  reported: number;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;

/**
 * The failure rate, with failures capped at the views. A view that fails twice (a render error, then a
 * hydration mismatch) is counted twice, so more failures than views is possible and means "every view failed";
 * refusing such counts would leave the worst canary of all running.
 */
function rateOf(health: VersionHealth): Rate {
  const failures = Math.min(health.failures, health.views);
  const rate = health.views === 0 ? 0 : failures / health.views;
  return { rate, failures, views: health.views, reported: health.failures };
}

/** "40.0% (20 of 50 views)", or with a further note: "(20 of 50 views, at least …)". */
function rateText(of: Rate, note?: string): string {
  return `${percent(of.rate)} (${of.failures} of ${of.views} views${note ? `, ${note}` : ''})`;
}

/** Said at the end of a reason, so that bad counts are seen and fixed at their source. */
function capNotes(counts: readonly [string, Rate][]): string {
  return counts
    .filter(([, of]) => of.reported > of.failures)
    .map(
      ([who, of]) =>
        ` (the ${who} reported ${of.reported} failures in ${of.views} views: counted as ${of.failures})`,
    )
    .join('');
}

/** The lower end of the Wilson score interval: the lowest failure rate these counts make plausible. */
function lowestLikelyRate({ failures, views }: Rate, z: number): number {
  const observed = failures / views;
  const z2 = z * z;
  const centre = observed + z2 / (2 * views);
  const spread = z * Math.sqrt((observed * (1 - observed) + z2 / (4 * views)) / views);
  return Math.max(0, (centre - spread) / (1 + z2 / views));
}

export function judgeCanary(
  canary: VersionHealth,
  stable: VersionHealth,
  rules: CanaryRules = canaryRules,
): CanaryVerdict {
  checkCounts('canary', canary);
  checkCounts('default version', stable);
  const needed = Math.max(1, rules.minCanaryViews);
  if (canary.views < needed) {
    const views = needed === 1 ? 'view' : 'views';
    return { action: 'keep', reason: `waiting for ${needed} canary ${views} (${canary.views} so far)` };
  }
  const ofCanary = rateOf(canary);
  if (ofCanary.failures === 0) {
    return { action: 'keep', reason: `no failures in ${canary.views} canary views` };
  }
  const ofDefault = rateOf(stable);
  const hasBaseline = stable.views >= rules.minDefaultViews;
  // Without enough default views, its rate is noise (or undefined at 0 views): a fixed ceiling stands in.
  const limit = hasBaseline
    ? ofDefault.rate + rules.maxExcessPoints / 100
    : rules.ceilingWithoutBaseline / 100;
  const against = hasBaseline
    ? `the default version's ${rateText(ofDefault)}`
    : `the ${rules.ceilingWithoutBaseline}% ceiling used while the default version has fewer than ` +
      `${rules.minDefaultViews} views (${stable.views} so far)`;
  const lowest = lowestLikelyRate(ofCanary, rules.confidenceZ);
  const withLowest = `failure rate ${rateText(ofCanary, `at least ${percent(lowest)} allowing for chance`)}`;

  const notes = capNotes([
    ['canary', ofCanary],
    ['default version', ofDefault],
  ]);

  if (ofCanary.rate <= limit) {
    const within = hasBaseline ? `within ${rules.maxExcessPoints} points` : 'within it';
    return { action: 'keep', reason: `failure rate ${rateText(ofCanary)} vs ${against}: ${within}${notes}` };
  }
  const excess = hasBaseline ? ` by more than ${rules.maxExcessPoints} points` : '';
  if (lowest > limit) return { action: 'abort', reason: `${withLowest} exceeds ${against}${excess}${notes}` };
  return {
    action: 'keep',
    reason: `${withLowest} does not yet clearly exceed ${against}${excess}; keeping it while views accumulate${notes}`,
  };
}
