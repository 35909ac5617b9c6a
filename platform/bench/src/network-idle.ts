/**
 * When a page's network goes quiet, judged from request start/end times alone, so the same rule holds for any
 * build (federated or not, scripts in the head or started late) without knowing what the page loads.
 * Times are milliseconds in one timebase (the bench uses ms since navigation start).
 */

/** One request: when it started and, once it finished or failed, when it ended. */
export interface RequestSpan {
  start: number;
  end?: number | undefined;
}

/**
 * The first moment at or after `from` at which no request was in flight and none started for `quietMs`,
 * as far as can be told at `now`; undefined if no such window has been seen yet.
 * The quiet window must start at or after `from` (not merely cover it): a page whose scripts only start after
 * the first paint is not idle at that paint just because the network was quiet before it.
 * Returns the start of the quiet window: every request that started before it counts as "before idle".
 */
export function findQuietMoment(
  requests: readonly RequestSpan[],
  { from, quietMs, now }: { from: number; quietMs: number; now: number },
): number | undefined {
  const busy = requests
    .map(({ start, end }) => ({ start, end: end ?? Number.POSITIVE_INFINITY }))
    .filter((span) => span.end >= from)
    .sort((a, b) => a.start - b.start);
  let quietFrom = from;
  for (const span of busy) {
    if (span.start - quietFrom >= quietMs) return quietFrom;
    quietFrom = Math.max(quietFrom, span.end);
  }
  return now - quietFrom >= quietMs ? quietFrom : undefined;
}

/** The outcome of waiting for quiet: still waiting, or the moment, and whether the cap had to decide it. */
export type QuietOutcome = { settled: false } | { settled: true; at: number; capped: boolean };

/**
 * findQuietMoment with a cap. A request that never finishes (a long poll, a stream) would keep the page busy
 * for ever; once `now` reaches `giveUpAt` such requests are ignored, and if the rest never leave a quiet window
 * either, the cap itself is the moment. Either way the outcome says `capped`, so the figure can be marked.
 */
export function settleQuiet(
  requests: readonly RequestSpan[],
  options: { from: number; quietMs: number; now: number; giveUpAt: number },
): QuietOutcome {
  const { from, quietMs, now, giveUpAt } = options;
  const at = findQuietMoment(requests, { from, quietMs, now });
  if (at !== undefined) return { settled: true, at, capped: false };
  if (now < giveUpAt) return { settled: false };
  const finished = requests.filter((request) => request.end !== undefined);
  const withoutHanging = findQuietMoment(finished, { from, quietMs, now });
  return { settled: true, at: withoutHanging ?? giveUpAt, capped: true };
}
