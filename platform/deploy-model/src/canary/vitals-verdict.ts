/**
 * Whether a canary's Web Vitals are clearly worse than its default version's: the rule the canary check holds
 * or aborts a canary by (issue 44). Pure: the enquiry API sums each version's samples per route and metric
 * (GET /remote-health's `vitals`), the check reads them and acts.
 *
 * Judged: INP and CLS, the two a remote's code decides (a filter that blocks the main thread, a section that
 * shifts the layout). LCP is shown, never judged: it is the page's and the network's as much as the remote's.
 *
 * Compared: the canary's cohort against the default version's on the same route over the same period (since the
 * canary started), at the 75th percentile, as Web Vitals are judged everywhere. The rows handed in are the judged
 * ones only (platform/releases/src/canary/health.ts's vitalsOf): the deployed shell's routes with a slot of the
 * remote, and page loads where every other slot ran its default version, so another remote's canary on the same
 * page, which has the same visitors, counts neither for nor against this one. A route is compared once both
 * cohorts have minSamples samples there (p75 of a handful is one visitor's phone). The canary's limit is the
 * default's p75 times `ratio` AND plus the metric's `margin`, whichever is higher, so that neither a tiny
 * absolute change on a fast page (90 → 120 ms INP) nor a small relative one on a slow page counts.
 *
 *  - keep: every compared p75 within its limit (or nothing to compare yet);
 *  - hold: a p75 past its limit, but not clearly: the lower end of its 95% interval (p75Low, an order
 *    statistic, so no assumption about the distribution) is still within it, or the samples come from too few
 *    clients or networks, or without the few networks that sent the most the canary is no longer clearly worse.
 *    The canary stays at its share and a staged rollout does not advance;
 *  - abort: even p75Low is past the limit, from at least minClients clients in minNetworks networks, and still
 *    so without the samples of the discountedNetworks networks that sent the most: the same guards as failure
 *    counts (verdict.ts), so forged reports from a few networks never abort a healthy canary.
 */

export const judgedVitals = ['INP', 'CLS'] as const;
export type JudgedVital = (typeof judgedVitals)[number];

/** A metric's 75th percentile of some samples (shared-content's vitalsPercentileSchema). */
export interface Percentile {
  samples: number;
  p75: number;
  p75Low: number;
}

/** One cohort's figures for one route and metric (GET /remote-health's `vitals` row of a version). */
export interface CohortVitals extends Percentile {
  route: string;
  metric: string;
  clients: number;
  networks: number;
  /** The same percentile without the samples of the 1, 2, … networks that sent the most. */
  withoutTopNetworks: readonly Percentile[];
}

export interface VitalsRules {
  /** Samples each cohort needs on a route before that route is compared. */
  minSamples: number;
  /** How many times the default's p75 the canary's may be. */
  ratio: number;
  /** How far above the default's p75 the canary's may be, per metric (ms for INP, the score for CLS). */
  margin: Record<JudgedVital, number>;
}

export const vitalsRules: VitalsRules = { minSamples: 30, ratio: 1.25, margin: { INP: 100, CLS: 0.05 } };

/** Who the samples must come from before an abort: the failure verdict's guards (CanaryRules). */
export interface VisitorGuards {
  minClients: number;
  minNetworks: number;
  discountedNetworks: number;
}

export type VitalsAction = 'keep' | 'hold' | 'abort';

/** One route and metric compared, for the status and the panel. */
export interface VitalsComparison {
  route: string;
  metric: JudgedVital;
  canary: Percentile;
  stable: Percentile | undefined;
  /** The canary's p75 limit, when both cohorts have enough samples. */
  limit?: number;
  action: VitalsAction | 'waiting';
  reason: string;
}

export interface VitalsVerdict {
  action: VitalsAction;
  reason: string;
  comparisons: VitalsComparison[];
}

/** "412 ms" or "0.120". */
export function vitalText(metric: string, value: number): string {
  return metric === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`;
}

const samplesText = (count: number) => `${count} ${count === 1 ? 'sample' : 'samples'}`;

/** The p75 the canary's may not pass: the default's times the ratio and plus the margin, the higher of both. */
export function vitalsLimit(
  metric: JudgedVital,
  stableP75: number,
  rules: VitalsRules = vitalsRules,
): number {
  return Math.max(stableP75 * rules.ratio, stableP75 + rules.margin[metric]);
}

function compare(
  canary: CohortVitals,
  stable: CohortVitals | undefined,
  metric: JudgedVital,
  rules: VitalsRules,
  guards: VisitorGuards,
): VitalsComparison {
  const base = { route: canary.route, metric, canary: pick(canary), stable: stable && pick(stable) };
  const v = (value: number) => vitalText(metric, value);
  const needed = Math.max(1, rules.minSamples);
  if (canary.samples < needed || !stable || stable.samples < needed)
    return {
      ...base,
      action: 'waiting',
      reason: `${metric} on ${canary.route}: waiting for ${needed} samples in each cohort (canary ${canary.samples}, default ${stable?.samples ?? 0})`,
    };
  const limit = vitalsLimit(metric, stable.p75, rules);
  const against =
    `the default version's ${v(stable.p75)} (${samplesText(stable.samples)}; limit ${v(limit)}: ` +
    `×${rules.ratio} and +${v(rules.margin[metric])})`;
  const seen = `${metric} p75 ${v(canary.p75)} on ${canary.route} (${samplesText(canary.samples)}, at least ${v(canary.p75Low)} allowing for chance)`;
  const at = { ...base, limit };
  if (canary.p75 <= limit) return { ...at, action: 'keep', reason: `${seen} vs ${against}: within it` };
  if (canary.p75Low <= limit)
    return { ...at, action: 'hold', reason: `${seen} vs ${against}: above it, not yet clearly; holding it` };
  if (canary.clients < guards.minClients || canary.networks < guards.minNetworks)
    return {
      ...at,
      action: 'hold',
      reason:
        `${seen} vs ${against}: clearly above it, but from ${canary.clients} clients in ${canary.networks} ` +
        `networks: an abort needs at least ${guards.minClients} clients in ${guards.minNetworks} networks; holding it`,
    };
  if (guards.discountedNetworks > 0) {
    const rest = canary.withoutTopNetworks[guards.discountedNetworks - 1];
    if (!rest || rest.samples < needed || rest.p75Low <= limit)
      return {
        ...at,
        action: 'hold',
        reason:
          `${seen} vs ${against}: clearly above it, but not without the ${guards.discountedNetworks} networks ` +
          `that sent the most (${rest ? `p75 ${v(rest.p75)} in ${samplesText(rest.samples)}` : 'no samples left'}): ` +
          'a few networks alone, which one party may hold, never abort a canary; holding it',
      };
  }
  return { ...at, action: 'abort', reason: `${seen} is clearly worse than ${against}` };
}

const pick = ({ samples, p75, p75Low }: Percentile): Percentile => ({ samples, p75, p75Low });

function checkFigures(rows: readonly CohortVitals[], who: string) {
  for (const row of rows)
    for (const field of ['samples', 'p75', 'p75Low', 'clients', 'networks'] as const)
      if (!Number.isFinite(row[field]) || row[field] < 0)
        throw new RangeError(
          `The ${who}'s ${row.metric} ${field} on ${row.route} must be 0 or more, got ${row[field]}.`,
        );
}

/**
 * Judges the canary's vitals against the default version's, route by route (see the top of this file): abort
 * when any route and metric is clearly worse, hold when any is worse but not clearly, keep otherwise.
 */
export function judgeVitals(
  canary: readonly CohortVitals[],
  stable: readonly CohortVitals[],
  guards: VisitorGuards,
  rules: VitalsRules = vitalsRules,
): VitalsVerdict {
  checkFigures(canary, 'canary');
  checkFigures(stable, 'default version');
  const comparisons = canary.flatMap((row) => {
    const metric = judgedVitals.find((name) => name === row.metric);
    if (!metric) return [];
    const other = stable.find((entry) => entry.route === row.route && entry.metric === metric);
    return [compare(row, other, metric, rules, guards)];
  });
  for (const action of ['abort', 'hold'] as const) {
    const found = comparisons.filter((comparison) => comparison.action === action);
    if (found.length > 0)
      return { action, reason: found.map((comparison) => comparison.reason).join('; '), comparisons };
  }
  const compared = comparisons.filter((comparison) => comparison.action === 'keep');
  const reason =
    comparisons.length === 0
      ? 'no Web Vitals of the canary yet'
      : compared.length === 0
        ? `Web Vitals: ${comparisons[0]?.reason}`
        : `Web Vitals within the default version's: ${compared.map(({ metric, route, canary: c }) => `${metric} p75 ${vitalText(metric, c.p75)} on ${route}`).join(', ')}`;
  return { action: 'keep', reason, comparisons };
}
