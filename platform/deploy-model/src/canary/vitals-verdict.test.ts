import { describe, expect, it } from 'vitest';
import {
  type CohortVitals,
  judgeVitals,
  type VisitorGuards,
  vitalsLimit,
  vitalsRules,
} from './vitals-verdict.ts';

/** A cohort's INP on /portfolio from many visitors (a client and a network each), its p75Low a little below. */
const inp = (p75: number, samples = 200, extra: Partial<CohortVitals> = {}): CohortVitals => ({
  route: '/portfolio',
  metric: 'INP',
  samples,
  p75,
  p75Low: p75 * 0.95,
  clients: samples,
  networks: samples,
  withoutTopNetworks: [1, 2, 3].map((left) => ({ samples: samples - left, p75, p75Low: p75 * 0.95 })),
  ...extra,
});
const guards: VisitorGuards = { minClients: 5, minNetworks: 3, discountedNetworks: 3 };

describe('vitalsLimit', () => {
  it('takes the higher of the ratio and the margin', () => {
    // A fast page: +100 ms is the limit (×1.25 would allow only 25 ms more).
    expect(vitalsLimit('INP', 100)).toBe(200);
    // A slow page: ×1.25 is the limit.
    expect(vitalsLimit('INP', 800)).toBe(1000);
    expect(vitalsLimit('CLS', 0.02)).toBeCloseTo(0.07);
    expect(vitalsLimit('CLS', 0.4)).toBeCloseTo(0.5);
  });
});

describe('judgeVitals', () => {
  it('keeps a canary with nothing to compare yet, saying what it waits for', () => {
    expect(judgeVitals([], [inp(100)], guards)).toMatchObject({ action: 'keep' });
    const few = judgeVitals([inp(900, 12)], [inp(100)], guards);
    expect(few.action).toBe('keep');
    expect(few.reason).toContain('waiting for 30 samples in each cohort (canary 12, default 200)');
    // Nor on a route the default version has no samples on.
    expect(judgeVitals([inp(900)], [{ ...inp(100), route: '/' }], guards).action).toBe('keep');
  });

  it('keeps a canary within the limit, and never judges LCP', () => {
    const verdict = judgeVitals(
      [inp(180), { ...inp(9000), metric: 'LCP' }],
      [inp(100), { ...inp(1000), metric: 'LCP' }],
      guards,
    );
    expect(verdict.action).toBe('keep');
    expect(verdict.reason).toBe("Web Vitals within the default version's: INP p75 180 ms on /portfolio");
  });

  it('aborts on INP when even the lower end of the canary’s p75 is past the limit (the 300 ms filter)', () => {
    const verdict = judgeVitals([inp(420)], [inp(96)], guards);
    expect(verdict.action).toBe('abort');
    expect(verdict.reason).toContain(
      'INP p75 420 ms on /portfolio (200 samples, at least 399 ms allowing for chance)',
    );
    expect(verdict.reason).toContain(
      "the default version's 96 ms (200 samples; limit 196 ms: ×1.25 and +100 ms)",
    );
    expect(verdict.comparisons[0]).toMatchObject({ metric: 'INP', action: 'abort', limit: 196 });
  });

  it('aborts on CLS alike, comparing the same route only', () => {
    const cls = (p75: number, route = '/'): CohortVitals => ({ ...inp(p75), metric: 'CLS', route });
    expect(judgeVitals([cls(0.3)], [cls(0.01)], guards).action).toBe('abort');
    expect(judgeVitals([cls(0.3)], [cls(0.28), cls(0.01, '/portfolio')], guards).action).toBe('keep');
  });

  it('holds a canary past the limit whose lower end is not (too few samples to be sure)', () => {
    const verdict = judgeVitals([inp(260, 40, { p75Low: 150 })], [inp(100)], guards);
    expect(verdict.action).toBe('hold');
    expect(verdict.reason).toContain('above it, not yet clearly; holding it');
  });

  it('holds, never aborts, on samples from too few clients or networks', () => {
    const oneClient = judgeVitals([inp(900, 200, { clients: 1, networks: 1 })], [inp(100)], guards);
    expect(oneClient.action).toBe('hold');
    expect(oneClient.reason).toContain(
      'from 1 clients in 1 networks: an abort needs at least 5 clients in 3 networks',
    );
  });

  it('holds a canary that is clearly worse only through the networks that sent the most (forged reports)', () => {
    // 3 networks sent 150 slow samples; without them the canary is as fast as the default.
    const forged = inp(900, 200, {
      withoutTopNetworks: [
        { samples: 150, p75: 900, p75Low: 850 },
        { samples: 100, p75: 900, p75Low: 850 },
        { samples: 50, p75: 110, p75Low: 95 },
      ],
    });
    const verdict = judgeVitals([forged], [inp(100)], guards);
    expect(verdict.action).toBe('hold');
    expect(verdict.reason).toContain(
      'not without the 3 networks that sent the most (p75 110 ms in 50 samples)',
    );
    // With fewer discounted networks (a test site on one network), the same figures abort.
    expect(judgeVitals([forged], [inp(100)], { ...guards, discountedNetworks: 1 }).action).toBe('abort');
  });

  it('puts an abort before a hold and a hold before a keep, naming each', () => {
    const verdict = judgeVitals(
      [inp(260, 40, { p75Low: 150 }), { ...inp(0.4), metric: 'CLS', route: '/portfolio' }],
      [inp(100), { ...inp(0.01), metric: 'CLS' }],
      guards,
    );
    expect(verdict.action).toBe('abort');
    expect(verdict.reason).toMatch(/^CLS p75 0\.400/);
    expect(verdict.comparisons.map(({ action }) => action)).toEqual(['hold', 'abort']);
  });

  it('refuses figures that are not figures', () => {
    expect(() => judgeVitals([inp(Number.NaN)], [inp(100)], guards)).toThrow(
      /canary's INP p75 on \/portfolio/,
    );
    expect(() => judgeVitals([inp(100)], [inp(100, -1)], guards)).toThrow(/default version's INP samples/);
  });

  it('has the documented defaults', () => {
    expect(vitalsRules).toEqual({ minSamples: 30, ratio: 1.25, margin: { INP: 100, CLS: 0.05 } });
  });
});
