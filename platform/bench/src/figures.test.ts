import { describe, expect, it } from 'vitest';
import { formatTable, median, medianFigures, summariseRuns, worstFigures } from './figures.ts';
import type { PageFigures } from './lighthouse-run.ts';

const run = (performance: number, lcpMs: number, tbtMs: number): PageFigures => ({
  performance,
  lcpMs,
  tbtMs,
  cls: 0,
  scriptBytes: 200 * 1024,
  requests: 20,
});

describe('median', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow('No runs to summarise');
  });
});

describe('medianFigures and worstFigures', () => {
  const runs = [run(100, 1200, 10), run(91, 1900, 140), run(99, 1300, 30)];

  it('takes each figure on its own', () => {
    expect(medianFigures(runs)).toMatchObject({ performance: 99, lcpMs: 1300, tbtMs: 30 });
  });

  it('takes the lowest score and the highest LCP and TBT, whichever runs they come from', () => {
    const mixed = [run(100, 2500, 10), run(88, 1200, 20), run(99, 1300, 300)];
    expect(worstFigures(mixed)).toEqual({ performance: 88, lcpMs: 2500, tbtMs: 300 });
    expect(worstFigures(runs)).toEqual({ performance: 91, lcpMs: 1900, tbtMs: 140 });
  });
});

describe('formatTable', () => {
  it('prints each median beside its worst run, columns aligned', () => {
    const table = formatTable('Federated (http://localhost:3000)', [
      ['/', summariseRuns([run(100, 1280, 9), run(97, 1400, 60), run(100, 1250, 8)])],
      ['/contact', summariseRuns([run(100, 1060, 25)])],
    ]);
    expect(table).toBe(
      [
        'Federated (http://localhost:3000)',
        'route     perf  worst perf  LCP     worst LCP  TBT    worst TBT  CLS    JS (transfer)  requests',
        '/         100   97          1.28 s  1.40 s     9 ms   60 ms      0.000  200.0 kB       20',
        '/contact  100   100         1.06 s  1.06 s     25 ms  25 ms      0.000  200.0 kB       20',
      ].join('\n'),
    );
  });
});
