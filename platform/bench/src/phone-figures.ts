import { formatGrid, kb, median, ratio, seconds } from './figures.ts';

/** A tap on the menu button soon after the first paint, in a page load of its own. */
export interface EarlyTap {
  /** When the page saw the tap, ms after its first contentful paint; null if it never saw one. */
  afterFcpMs: number | null;
  /** From the tap to the drawer being visible, page clock; null when it had not shown 10 s after the tap. */
  drawerMs: number | null;
}

/**
 * A tap on a filter chip soon after the first contentful paint, in a page load of its own, on a route whose
 * filter's code waits to be reached for (phone-run.ts, filterTaps): what that wait costs.
 */
export interface EarlyFilterTap {
  /** When the page saw the tap, ms after its first contentful paint; null if it never saw one. */
  afterFcpMs: number | null;
  /** From the tap to the grid shown filtered, page clock; null when it had not 10 s after the tap. */
  filteredMs: number | null;
}

/** What one phone-profile run of one page measures. Bytes are as sent over the wire. */
export interface PhoneFigures {
  fcpMs: number;
  lcpMs: number;
  /**
   * When the page learnt of its first paint: its paint observers ran (ms since navigation start). Later than
   * fcpMs by however long the main thread was busy; the wait for idle starts here (see phone-run.ts).
   */
  paintSeenAtMs: number;
  /** When the network first went quiet for 500 ms after that, ms since navigation start. */
  idleAtMs: number;
  jsBeforeIdle: number;
  jsAfterIdle: number;
  jsAfterScroll: number;
  /** The scripts started before idle, URL → bytes, largest first. */
  jsBeforeIdleByUrl: ReadonlyArray<readonly [string, number]>;
  /** The waits that hit the 20 s cap (never-ending requests ignored, or the cap taken as the moment). */
  capped: readonly string[];
  tap: EarlyTap;
  /** Only on a route with a filter to tap early. */
  filterTap?: EarlyFilterTap;
}

/** The page's LCP: the last largest-contentful-paint entry before the first input or scroll. */
export function largestPaintBeforeInput(
  entries: ReadonlyArray<{ startTime: number }>,
  firstInputAt?: number,
): number | undefined {
  const before = entries.filter((entry) => firstInputAt === undefined || entry.startTime < firstInputAt);
  return before.at(-1)?.startTime;
}

export interface PhoneSummary {
  runs: number;
  fcpMs: number;
  lcpMs: number;
  jsBeforeIdle: number;
  jsAfterIdle: number;
  jsAfterScroll: number;
  /** Runs in which some wait hit the cap. */
  cappedRuns: number;
  /**
   * Runs in which nothing was requested in the 500 ms after the page learnt of its paint, so "before idle" holds
   * only what was requested by then. Right for a page that loads everything up front; for one that requests its
   * scripts later (after a busy main thread, a timer) the median of such runs deserves a second look.
   */
  quietAtPaintRuns: number;
  tap: TapSummary;
  /** Only where the runs tapped a filter chip. */
  filterTap?: TapSummary;
}

export interface TapSummary {
  lost: number;
  medianMs?: number;
  worstMs?: number;
}

/** How many taps were lost, and the median and worst of the rest. */
function summariseTaps(times: ReadonlyArray<number | null>): TapSummary {
  const shown = times.flatMap((time) => (time === null ? [] : [time]));
  return {
    lost: times.length - shown.length,
    ...(shown.length > 0 ? { medianMs: median(shown), worstMs: Math.max(...shown) } : {}),
  };
}

/** Medians of each figure on its own; the early tap's worst too, and how many taps were lost. */
export function summarisePhone(runs: readonly PhoneFigures[]): PhoneSummary {
  const of = (pick: (run: PhoneFigures) => number) => median(runs.map(pick));
  const filterTaps = runs.flatMap((run) => (run.filterTap ? [run.filterTap.filteredMs] : []));
  return {
    runs: runs.length,
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    jsBeforeIdle: of((run) => run.jsBeforeIdle),
    jsAfterIdle: of((run) => run.jsAfterIdle),
    jsAfterScroll: of((run) => run.jsAfterScroll),
    cappedRuns: runs.filter((run) => run.capped.length > 0).length,
    quietAtPaintRuns: runs.filter((run) => run.idleAtMs < run.paintSeenAtMs + 500).length,
    tap: summariseTaps(runs.map((run) => run.tap.drawerMs)),
    ...(filterTaps.length > 0 ? { filterTap: summariseTaps(filterTaps) } : {}),
  };
}

/** "lost 2/5" if any tap was lost (a median of the rest would hide it), else "180 ms (worst 240)". */
export function formatTap(summary: PhoneSummary, tap: TapSummary = summary.tap): string {
  const { lost, medianMs, worstMs } = tap;
  if (lost > 0 || medianMs === undefined || worstMs === undefined) return `lost ${lost}/${summary.runs}`;
  return `${Math.round(medianMs)} ms (worst ${Math.round(worstMs)})`;
}

export interface PhoneRow {
  route: string;
  federated?: PhoneSummary | undefined;
  oneBundle?: PhoneSummary | undefined;
}

/** Two lines per route, federated then one bundle; the federated line carries the ratio of JS before idle. */
export function formatPhoneTable(title: string, rows: readonly PhoneRow[]): string {
  // The early filter tap's column only where some route measured one (phone-run.ts, filterTaps).
  const filterTapped = rows.some((row) => row.federated?.filterTap ?? row.oneBundle?.filterTap);
  const header = [
    'route',
    'site',
    'FCP',
    'LCP',
    'JS before idle',
    'JS after idle',
    'JS after scroll',
    'early tap',
    ...(filterTapped ? ['early filter tap'] : []),
    'JS before idle fed ÷ one',
  ];
  const mark = (summary: PhoneSummary) => (summary.cappedRuns > 0 ? ' *' : '');
  const atPaint = (summary: PhoneSummary) =>
    summary.quietAtPaintRuns > 0 ? ` † ${summary.quietAtPaintRuns}/${summary.runs}` : '';
  const line = (route: string, site: string, summary: PhoneSummary, ratioCell: string) => [
    route,
    site,
    seconds(summary.fcpMs),
    seconds(summary.lcpMs),
    kb(summary.jsBeforeIdle) + mark(summary) + atPaint(summary),
    kb(summary.jsAfterIdle) + mark(summary),
    kb(summary.jsAfterScroll) + mark(summary),
    formatTap(summary),
    ...(filterTapped ? [summary.filterTap ? formatTap(summary, summary.filterTap) : ''] : []),
    ratioCell,
  ];
  const body: string[][] = [];
  for (const { route, federated, oneBundle } of rows) {
    const ratioCell = federated && oneBundle ? ratio(federated.jsBeforeIdle, oneBundle.jsBeforeIdle) : '';
    if (federated) body.push(line(route, 'federated', federated, ratioCell));
    if (oneBundle) body.push(line(federated ? '' : route, 'one bundle', oneBundle, ''));
  }
  const summaries = rows.flatMap((row) => [row.federated, row.oneBundle]);
  const footnote = [
    ...(summaries.some((summary) => (summary?.cappedRuns ?? 0) > 0)
      ? ['* the network was not quiet within 20 s in some run: requests that never finished were ignored']
      : []),
    ...(summaries.some((summary) => (summary?.quietAtPaintRuns ?? 0) > 0)
      ? [
          '† k/N: in k of N runs nothing was requested in the 500 ms after the page saw its first paint, so' +
            ' "JS before idle" holds only what was requested by then',
        ]
      : []),
  ];
  return [formatGrid(title, header, body), ...footnote].join('\n');
}

/** The per-file list --verbose prints: largest first, then the total. */
export function formatJsBreakdown(byUrl: ReadonlyArray<readonly [string, number]>): string {
  const total = byUrl.reduce((sum, [, bytes]) => sum + bytes, 0);
  const lines = byUrl.map(([url, bytes]) => `  ${kb(bytes).padStart(9)}  ${url}`);
  return [...lines, `  ${kb(total).padStart(9)}  total`].join('\n');
}
