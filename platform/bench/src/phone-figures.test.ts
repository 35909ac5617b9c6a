import { describe, expect, it } from 'vitest';
import {
  formatJsBreakdown,
  formatPhoneTable,
  formatTap,
  largestPaintBeforeInput,
  type PhoneFigures,
  summarisePhone,
} from './phone-figures.ts';

const kB = 1024;

function phoneRun(overrides: Partial<PhoneFigures> = {}): PhoneFigures {
  return {
    fcpMs: 1000,
    lcpMs: 1100,
    paintSeenAtMs: 1050,
    idleAtMs: 3000,
    jsBeforeIdle: 200 * kB,
    jsAfterIdle: 210 * kB,
    jsAfterScroll: 230 * kB,
    jsBeforeIdleByUrl: [],
    capped: [],
    tap: { afterFcpMs: 205, drawerMs: 150 },
    ...overrides,
  };
}

describe('largestPaintBeforeInput', () => {
  const entries = [{ startTime: 900 }, { startTime: 1400 }, { startTime: 2600 }];

  it('is the last entry, or the last one before the first input or scroll', () => {
    expect(largestPaintBeforeInput(entries)).toBe(2600);
    expect(largestPaintBeforeInput(entries, 2000)).toBe(1400);
    expect(largestPaintBeforeInput(entries, 500)).toBeUndefined();
  });
});

describe('summarisePhone', () => {
  it('takes medians of each figure, and the median and worst of the taps that showed the drawer', () => {
    const summary = summarisePhone([
      phoneRun({ fcpMs: 900, jsBeforeIdle: 100 * kB, tap: { afterFcpMs: 201, drawerMs: 120 } }),
      phoneRun({ fcpMs: 1300, jsBeforeIdle: 300 * kB, tap: { afterFcpMs: 240, drawerMs: 480 } }),
      phoneRun({ fcpMs: 1000, jsBeforeIdle: 200 * kB, tap: { afterFcpMs: 210, drawerMs: 160 } }),
    ]);
    expect(summary).toMatchObject({
      runs: 3,
      fcpMs: 1000,
      jsBeforeIdle: 200 * kB,
      cappedRuns: 0,
      quietAtPaintRuns: 0,
    });
    expect(summary.tap).toEqual({ lost: 0, medianMs: 160, worstMs: 480 });
    expect(formatTap(summary)).toBe('160 ms (worst 480)');
  });

  it('reports lost taps instead of a median of the rest', () => {
    const summary = summarisePhone([
      phoneRun({ tap: { afterFcpMs: 203, drawerMs: null } }),
      phoneRun(),
      phoneRun({ tap: { afterFcpMs: null, drawerMs: null } }),
    ]);
    expect(summary.tap.lost).toBe(2);
    expect(formatTap(summary)).toBe('lost 2/3');
  });
});

describe('formatPhoneTable', () => {
  it('prints both builds per route, the ratio of JS before idle on the federated line, and marks capped waits', () => {
    const table = formatPhoneTable('Phone profile (4× CPU, slow 4G: 150 ms RTT, 1.6 Mbit/s), median of 1', [
      {
        route: '/',
        federated: summarisePhone([
          phoneRun({ jsBeforeIdle: 259.5 * kB, tap: { afterFcpMs: 220, drawerMs: null } }),
        ]),
        oneBundle: summarisePhone([phoneRun({ fcpMs: 930, jsBeforeIdle: 142.4 * kB })]),
      },
      {
        route: '/contact',
        federated: summarisePhone([phoneRun({ capped: ['idle'] })]),
        oneBundle: undefined,
      },
      {
        route: '/services',
        federated: undefined,
        oneBundle: summarisePhone([
          phoneRun({ paintSeenAtMs: 1300, idleAtMs: 1300, jsBeforeIdle: 1.6 * kB }),
          phoneRun(),
        ]),
      },
    ]);
    expect(table).toBe(
      [
        'Phone profile (4× CPU, slow 4G: 150 ms RTT, 1.6 Mbit/s), median of 1',
        'route      site        FCP     LCP     JS before idle  JS after idle  JS after scroll  early tap           JS before idle fed ÷ one',
        '/          federated   1.00 s  1.10 s  259.5 kB        210.0 kB       230.0 kB         lost 1/1            1.82×',
        '           one bundle  0.93 s  1.10 s  142.4 kB        210.0 kB       230.0 kB         150 ms (worst 150)',
        '/contact   federated   1.00 s  1.10 s  200.0 kB *      210.0 kB *     230.0 kB *       150 ms (worst 150)',
        '/services  one bundle  1.00 s  1.10 s  100.8 kB † 1/2  210.0 kB       230.0 kB         150 ms (worst 150)',
        '* the network was not quiet within 20 s in some run: requests that never finished were ignored',
        '† k/N: in k of N runs nothing was requested in the 500 ms after the page saw its first paint, so' +
          ' "JS before idle" holds only what was requested by then',
      ].join('\n'),
    );
  });
});

describe('the early filter tap', () => {
  it('is summarised where runs tapped a filter chip, lost taps counted, and printed in a column of its own', () => {
    const portfolio = summarisePhone([
      phoneRun({ filterTap: { afterFcpMs: 210, filteredMs: 900 } }),
      phoneRun({ filterTap: { afterFcpMs: 230, filteredMs: 1500 } }),
      phoneRun({ filterTap: { afterFcpMs: 220, filteredMs: 1100 } }),
    ]);
    expect(portfolio.filterTap).toEqual({ lost: 0, medianMs: 1100, worstMs: 1500 });
    const lost = summarisePhone([phoneRun({ filterTap: { afterFcpMs: 210, filteredMs: null } })]);
    expect(formatTap(lost, lost.filterTap)).toBe('lost 1/1');
    expect(summarisePhone([phoneRun()]).filterTap).toBeUndefined();

    const table = formatPhoneTable('Phone', [
      { route: '/portfolio', federated: portfolio, oneBundle: summarisePhone([phoneRun()]) },
    ]).split('\n');
    expect(table[1]).toContain('early tap           early filter tap');
    expect(table[2]).toContain('1100 ms (worst 1500)');
  });
});

describe('formatJsBreakdown', () => {
  it('lists each file and the total', () => {
    expect(
      formatJsBreakdown([
        ['http://localhost:3000/static/js/index.js', 30 * kB],
        ['http://localhost:3001/mf_marketing.js', 13.7 * kB],
      ]),
    ).toBe(
      [
        '    30.0 kB  http://localhost:3000/static/js/index.js',
        '    13.7 kB  http://localhost:3001/mf_marketing.js',
        '    43.7 kB  total',
      ].join('\n'),
    );
  });
});
