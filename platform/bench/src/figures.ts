import type { PageFigures } from './lighthouse-run.ts';

/** The median of a list of numbers (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('No runs to summarise');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The median of each figure over a page's runs (each figure on its own, as Lighthouse's docs advise). */
export function medianFigures(runs: readonly PageFigures[]): PageFigures {
  const of = (pick: (run: PageFigures) => number) => median(runs.map(pick));
  return {
    performance: of((run) => run.performance),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    scriptBytes: of((run) => run.scriptBytes),
    requests: of((run) => run.requests),
  };
}

/** The worst of each figure a visitor feels, over a page's runs: a median hides the one slow load in five. */
export interface WorstFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
}

export function worstFigures(runs: readonly PageFigures[]): WorstFigures {
  if (runs.length === 0) throw new Error('No runs to summarise');
  return {
    performance: Math.min(...runs.map((run) => run.performance)),
    lcpMs: Math.max(...runs.map((run) => run.lcpMs)),
    tbtMs: Math.max(...runs.map((run) => run.tbtMs)),
  };
}

export interface RouteSummary {
  median: PageFigures;
  worst: WorstFigures;
}

export function summariseRuns(runs: readonly PageFigures[]): RouteSummary {
  return { median: medianFigures(runs), worst: worstFigures(runs) };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Columns padded to their widest cell, two spaces apart, under a title line. */
export function formatGrid(title: string, header: readonly string[], body: readonly string[][]): string {
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...body.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [title, line(header), ...body.map(line)].join('\n');
}

/** A fixed-width table: one row per route, each median beside the worst run's figure. */
export function formatTable(title: string, rows: ReadonlyArray<readonly [string, RouteSummary]>): string {
  const header = [
    'route',
    'perf',
    'worst perf',
    'LCP',
    'worst LCP',
    'TBT',
    'worst TBT',
    'CLS',
    'JS (transfer)',
    'requests',
  ];
  const body = rows.map(([route, { median: f, worst }]) => [
    route,
    String(f.performance),
    String(worst.performance),
    seconds(f.lcpMs),
    seconds(worst.lcpMs),
    `${Math.round(f.tbtMs)} ms`,
    `${Math.round(worst.tbtMs)} ms`,
    f.cls.toFixed(3),
    kb(f.scriptBytes),
    String(Math.round(f.requests)),
  ]);
  return formatGrid(title, header, body);
}

/** Federated ÷ one bundle, per route, for JavaScript bytes and LCP. */
export function formatRatios(
  federated: ReadonlyMap<string, PageFigures>,
  oneBundle: ReadonlyMap<string, PageFigures>,
): string {
  const lines = ['Federation overhead (federated ÷ one bundle)', 'route        JS bytes  LCP'];
  for (const [route, figures] of federated) {
    const single = oneBundle.get(route);
    if (!single) continue;
    lines.push(
      `${route.padEnd(12)} ${ratio(figures.scriptBytes, single.scriptBytes).padEnd(9)} ${ratio(figures.lcpMs, single.lcpMs)}`,
    );
  }
  return lines.join('\n');
}

export const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
