export interface HostFigures {
  host: string;
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than 2xx/304, and connection errors or timeouts: a figure with either is no figure. */
  non2xx: number;
  errors: number;
}

const pad = (cells: string[], widths: number[]) =>
  cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ');

/** A Markdown table, as docs/deployment.md shows it: one row per target, hosts side by side. */
export function formatHostsTable(figures: readonly HostFigures[]): string {
  const hosts = [...new Set(figures.map((figure) => figure.host))];
  const targets = [...new Set(figures.map((figure) => figure.target))];
  const cell = (host: string, target: string) => {
    const figure = figures.find((entry) => entry.host === host && entry.target === target);
    if (!figure) return '—';
    const faults = figure.non2xx + figure.errors;
    return `${Math.round(figure.requestsPerSecond).toLocaleString('en-US')} req/s, p99 ${figure.p99Ms} ms${faults ? ` (${faults} failed)` : ''}`;
  };
  const header = ['target', ...hosts];
  const rows = targets.map((target) => [target, ...hosts.map((host) => cell(host, target))]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  return [
    `| ${pad(header, widths)} |`,
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...rows.map((row) => `| ${pad(row, widths)} |`),
  ].join('\n');
}
