import { describe, expect, it } from 'vitest';
import { CanaryConfigError, canaryCheckSeconds, canaryRulesFromEnv } from './rules.ts';
import { canaryRules } from './verdict.ts';

describe('the canary rules from the environment', () => {
  it('are canaryRules unless a variable says otherwise', () => {
    expect(canaryRulesFromEnv({})).toEqual(canaryRules);
    expect(canaryRulesFromEnv({ AGENCY_CANARY_MIN_VIEWS: '' })).toEqual(canaryRules);
    expect(
      canaryRulesFromEnv({
        AGENCY_CANARY_MIN_VIEWS: '5',
        AGENCY_CANARY_MAX_EXCESS_POINTS: '2.5',
        AGENCY_CANARY_MIN_DEFAULT_VIEWS: '0',
        AGENCY_CANARY_CEILING_PERCENT: ' 10 ',
      }),
    ).toEqual({
      ...canaryRules,
      minCanaryViews: 5,
      maxExcessPoints: 2.5,
      minDefaultViews: 0,
      ceilingWithoutBaseline: 10,
    });
  });

  it('refuse a bad value, naming the variable, what it takes and what it got', () => {
    const refused = (variables: NodeJS.ProcessEnv) => () => canaryRulesFromEnv(variables);
    expect(refused({ AGENCY_CANARY_MIN_VIEWS: 'fifty' })).toThrow(
      new CanaryConfigError(
        'AGENCY_CANARY_MIN_VIEWS must be a whole number from 1 to 1000000000, got "fifty"',
      ),
    );
    expect(refused({ AGENCY_CANARY_MIN_VIEWS: '0' })).toThrow(/AGENCY_CANARY_MIN_VIEWS must be .* got "0"/);
    expect(refused({ AGENCY_CANARY_MIN_VIEWS: '12.5' })).toThrow(/AGENCY_CANARY_MIN_VIEWS/);
    expect(refused({ AGENCY_CANARY_MAX_EXCESS_POINTS: '-1' })).toThrow(
      'AGENCY_CANARY_MAX_EXCESS_POINTS must be a number from 0 to 100, got "-1"',
    );
    expect(refused({ AGENCY_CANARY_MAX_EXCESS_POINTS: '5%' })).toThrow(/AGENCY_CANARY_MAX_EXCESS_POINTS/);
    expect(refused({ AGENCY_CANARY_MIN_DEFAULT_VIEWS: '1e3' })).toThrow(/AGENCY_CANARY_MIN_DEFAULT_VIEWS/);
    expect(refused({ AGENCY_CANARY_CEILING_PERCENT: '101' })).toThrow(/AGENCY_CANARY_CEILING_PERCENT/);
  });

  it('check every 30 s unless AGENCY_CANARY_CHECK_SECONDS says otherwise (0: not at all)', () => {
    expect(canaryCheckSeconds({})).toBe(30);
    expect(canaryCheckSeconds({ AGENCY_CANARY_CHECK_SECONDS: '1' })).toBe(1);
    expect(canaryCheckSeconds({ AGENCY_CANARY_CHECK_SECONDS: '0' })).toBe(0);
    expect(() => canaryCheckSeconds({ AGENCY_CANARY_CHECK_SECONDS: '0.5' })).toThrow(
      'AGENCY_CANARY_CHECK_SECONDS must be a whole number from 0 to 86400, got "0.5"',
    );
  });
});
