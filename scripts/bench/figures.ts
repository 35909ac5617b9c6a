import type { PageFigures } from './lighthouse-run.ts';

/** The median of each figure over a page's runs (each figure on its own, as Lighthouse's docs advise). */
export function medianFigures(runs: readonly PageFigures[]): PageFigures {
  if (runs.length === 0) throw new Error('No runs to summarise');
  const median = (pick: (run: PageFigures) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  };
  return {
    performance: median((run) => run.performance),
    lcpMs: median((run) => run.lcpMs),
    tbtMs: median((run) => run.tbtMs),
    cls: median((run) => run.cls),
    scriptBytes: median((run) => run.scriptBytes),
    requests: median((run) => run.requests),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A fixed-width table: one row per route. */
export function formatTable(title: string, rows: ReadonlyArray<[string, PageFigures]>): string {
  const header = ['route', 'perf', 'LCP', 'TBT', 'CLS', 'JS (transfer)', 'requests'];
  const body = rows.map(([route, f]) => [
    route,
    String(f.performance),
    seconds(f.lcpMs),
    `${Math.round(f.tbtMs)} ms`,
    f.cls.toFixed(3),
    kb(f.scriptBytes),
    String(Math.round(f.requests)),
  ]);
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...body.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  return [title, line(header), ...body.map(line)].join('\n');
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
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
    lines.push(
      `${route.padEnd(12)} ${ratio(figures.scriptBytes, single.scriptBytes).padEnd(9)} ${ratio(figures.lcpMs, single.lcpMs)}`,
    );
  }
  return lines.join('\n');
}
