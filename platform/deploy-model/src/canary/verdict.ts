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
 *
 * And abort only when many visitors say so: the canary's views and its failures must each come from at least
 * minClients distinct clients in at least minNetworks distinct networks (an IPv4 address or IPv6 /64 is a
 * client, an IPv4 /24 or IPv6 /48 a network, as the enquiry API tells them apart). One browser, or one network
 * however many addresses it has, cannot make a healthy canary look failing; nor, as the API counts each client
 * and network only up to a daily share, can it bury a failing canary's failures under views of its own. The
 * clients and networks are distinct over the canary's whole period, never per day added up (issue 40: one
 * address sending for five days counted as five clients in five networks). And the canary must still be clearly
 * worse without the failures of the discountedNetworks networks with the most (3: an IPv4 /24 each), so forged
 * failures from up to that many networks, over any number of days, never abort a healthy canary.
 */

/** How many distinct clients and networks the views and the failures came from. */
export interface DistinctVisitors {
  viewClients: number;
  viewNetworks: number;
  failureClients: number;
  failureNetworks: number;
  /**
   * The failures counted from each of the networks with the most (most first), when the counts say: an abort
   * must hold without the first `discountedNetworks` of them.
   */
  topNetworkFailures?: readonly number[];
}

/**
 * views: page loads in which the remote was shown; failures: load failures + render errors + hydration
 * mismatches; distinct: who they came from.
 */
export interface VersionHealth {
  views: number;
  failures: number;
  distinct: DistinctVisitors;
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
  /** Distinct clients the canary's views, and its failures, must each come from before an abort. */
  minClients: number;
  /** Distinct networks the same. */
  minNetworks: number;
  /**
   * Networks one party may hold (an IPv4 /24 or IPv6 /48 each): the canary must be clearly worse even with the
   * failures of this many networks with the most left out, so that forged failures from up to this many
   * networks, sent over any number of days, never abort a healthy canary.
   */
  discountedNetworks: number;
}

export const canaryRules: CanaryRules = {
  minCanaryViews: 50,
  maxExcessPoints: 5,
  minDefaultViews: 100,
  ceilingWithoutBaseline: 5,
  confidenceZ: 1.96,
  minClients: 5,
  minNetworks: 3,
  discountedNetworks: 3,
};

export type CanaryVerdict = { action: 'keep'; reason: string } | { action: 'abort'; reason: string };

function checkCounts(who: string, health: VersionHealth): void {
  const { topNetworkFailures = [], ...distinct } = health.distinct;
  const counts = { views: health.views, failures: health.failures, ...distinct };
  for (const value of topNetworkFailures)
    if (!Number.isInteger(value) || value < 0)
      throw new RangeError(
        `The ${who}'s topNetworkFailures must be whole numbers of 0 or more, got ${value}.`,
      );
  for (const field of Object.keys(counts) as (keyof typeof counts)[]) {
    const value = counts[field];
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

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const clientsIn = (clients: number, networks: number) =>
  `${plural(clients, 'client', 'clients')} in ${plural(networks, 'network', 'networks')}`;

/** Why the canary's visitors are too few to abort on, or undefined when they are enough. */
function tooFewVisitors(distinct: DistinctVisitors, rules: CanaryRules): string | undefined {
  const enough = (clients: number, networks: number) =>
    clients >= rules.minClients && networks >= rules.minNetworks;
  if (
    enough(distinct.viewClients, distinct.viewNetworks) &&
    enough(distinct.failureClients, distinct.failureNetworks)
  )
    return undefined;
  return (
    `its views come from ${clientsIn(distinct.viewClients, distinct.viewNetworks)} and its failures from ` +
    `${clientsIn(distinct.failureClients, distinct.failureNetworks)}: an abort needs views and failures from ` +
    `at least ${clientsIn(rules.minClients, rules.minNetworks)} each; keeping it`
  );
}

/**
 * Why the canary is not clearly worse once the failures of the networks with the most are left out, or undefined
 * when it still is (or the counts do not say which networks failed most).
 */
function withoutTopNetworks(canary: VersionHealth, rules: CanaryRules, limit: number): string | undefined {
  const top = canary.distinct.topNetworkFailures;
  if (top === undefined || rules.discountedNetworks <= 0) return undefined;
  const discounted = top.slice(0, rules.discountedNetworks);
  const left = discounted.reduce((sum, failures) => sum + failures, 0);
  const rest = rateOf({ ...canary, failures: Math.max(0, canary.failures - left) });
  const lowest = rest.views === 0 ? 0 : lowestLikelyRate(rest, rules.confidenceZ);
  if (lowest > limit) return undefined;
  return (
    `without the ${plural(discounted.length, 'network', 'networks')} with the most failures (${left} of them) ` +
    `its failure rate is ${rateText(rest, `at least ${percent(lowest)} allowing for chance`)}, not clearly ` +
    `worse: a few networks alone, which one party may hold, never abort a canary; keeping it`
  );
}

/**
 * The failure rate (a fraction) the canary is held to: the default version's plus maxExcessPoints, or, without
 * enough default views, whose rate is noise (or undefined at 0 views), the fixed ceiling.
 */
export function failureLimit(stable: VersionHealth, rules: CanaryRules = canaryRules): number {
  return stable.views >= rules.minDefaultViews
    ? rateOf(stable).rate + rules.maxExcessPoints / 100
    : rules.ceilingWithoutBaseline / 100;
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
  const limit = failureLimit(stable, rules);
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
  if (lowest > limit) {
    const few = tooFewVisitors(canary.distinct, rules);
    if (few)
      return { action: 'keep', reason: `${withLowest} exceeds ${against}${excess}, but ${few}${notes}` };
    const held = withoutTopNetworks(canary, rules, limit);
    if (held)
      return { action: 'keep', reason: `${withLowest} exceeds ${against}${excess}, but ${held}${notes}` };
    return { action: 'abort', reason: `${withLowest} exceeds ${against}${excess}${notes}` };
  }
  return {
    action: 'keep',
    reason: `${withLowest} does not yet clearly exceed ${against}${excess}; keeping it while views accumulate${notes}`,
  };
}
