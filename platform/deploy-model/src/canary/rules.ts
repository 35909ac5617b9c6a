/**
 * The canary rules and the check's interval as an operator sets them: canaryRules (verdict.ts) unless an
 * AGENCY_CANARY_* variable says otherwise. The e2e suite lowers the view thresholds to abort within seconds. A
 * bad value is refused with a message naming the variable, never read as the default: an operator who set it
 * meant something else.
 */
import { type CanaryRules, canaryRules } from './verdict.ts';
import { type VitalsRules, vitalsRules } from './vitals-verdict.ts';

export class CanaryConfigError extends Error {
  override name = 'CanaryConfigError';
}

interface Bounds {
  min: number;
  max: number;
  /** Whole numbers only (counts and seconds); otherwise decimals too (percentages). */
  whole: boolean;
}

function setting(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  { min, max, whole }: Bounds,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const parsed = Number(raw);
  const shape = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
  if (!shape.test(raw) || parsed < min || parsed > max) {
    const kind = whole ? 'a whole number' : 'a number';
    throw new CanaryConfigError(`${name} must be ${kind} from ${min} to ${max}, got "${raw}"`);
  }
  return parsed;
}

const views = { min: 1, max: 1_000_000_000, whole: true };
const percent = { min: 0, max: 100, whole: false };

/** The variables that override each rule, for the usage text and the docs. */
export const canaryRuleVariables = {
  AGENCY_CANARY_MIN_VIEWS: 'canary views before any verdict but "keep"',
  AGENCY_CANARY_MAX_EXCESS_POINTS: "points the canary's failure rate may exceed the default version's",
  AGENCY_CANARY_MIN_DEFAULT_VIEWS: 'default-version views needed to compare with its rate',
  AGENCY_CANARY_CEILING_PERCENT: 'failure rate the canary is held to until then',
  AGENCY_CANARY_MIN_CLIENTS: "distinct clients the canary's views and failures must each come from to abort",
  AGENCY_CANARY_MIN_NETWORKS: 'distinct networks the same',
} as const;

export function canaryRulesFromEnv(env: NodeJS.ProcessEnv): CanaryRules {
  const minNetworks = setting(env, 'AGENCY_CANARY_MIN_NETWORKS', canaryRules.minNetworks, views);
  return {
    ...canaryRules,
    // A site whose operator asks for fewer networks than the default (a test site, where every browser is on one
    // network) discounts fewer too: otherwise no failure from its few networks could ever abort a canary.
    discountedNetworks:
      minNetworks < canaryRules.minNetworks ? Math.max(0, minNetworks - 1) : canaryRules.discountedNetworks,
    minCanaryViews: setting(env, 'AGENCY_CANARY_MIN_VIEWS', canaryRules.minCanaryViews, views),
    maxExcessPoints: setting(env, 'AGENCY_CANARY_MAX_EXCESS_POINTS', canaryRules.maxExcessPoints, percent),
    minDefaultViews: setting(env, 'AGENCY_CANARY_MIN_DEFAULT_VIEWS', canaryRules.minDefaultViews, {
      ...views,
      min: 0,
    }),
    ceilingWithoutBaseline: setting(
      env,
      'AGENCY_CANARY_CEILING_PERCENT',
      canaryRules.ceilingWithoutBaseline,
      percent,
    ),
    minClients: setting(env, 'AGENCY_CANARY_MIN_CLIENTS', canaryRules.minClients, views),
    minNetworks,
  };
}

/**
 * The Web Vitals rule (vitals-verdict.ts) with AGENCY_CANARY_VITALS_MIN_SAMPLES: samples per cohort and route
 * before a route is compared (the e2e suite lowers it). The ratio and the margins are the rule's own.
 */
export function vitalsRulesFromEnv(env: NodeJS.ProcessEnv): VitalsRules {
  return {
    ...vitalsRules,
    minSamples: setting(env, 'AGENCY_CANARY_VITALS_MIN_SAMPLES', vitalsRules.minSamples, views),
  };
}

/** Seconds between two checks of the composed server's watcher; 0 turns the watcher off. */
export function canaryCheckSeconds(env: NodeJS.ProcessEnv): number {
  return setting(env, 'AGENCY_CANARY_CHECK_SECONDS', 30, { min: 0, max: 86_400, whole: true });
}
