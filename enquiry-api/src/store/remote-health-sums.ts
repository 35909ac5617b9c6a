/**
 * The remote health counts summed per remote, version, kind and reason (per minute too, when asked) over the
 * minutes from a time on: what GET /remote-health answers and what the read-only reader returns.
 */
import type {
  LoadFailureReason,
  RemoteHealthKind,
  RemoteHealthVisitors,
  RemoteHealthCount as ReportedCount,
} from 'shared-content/enquiry';
import type { Db } from './database.ts';

/** The start of the minute `time` is in (Unix ms, UTC): the key that aggregates a minute's beacons. */
export function minuteStart(time: number): number {
  return Math.floor(time / 60_000) * 60_000;
}

export interface RemoteHealthCount extends ReportedCount {
  /** With `perMinute` only: the minute this row counts (ISO, the minute's start, UTC). */
  minute?: string;
}

interface Row {
  remote: string;
  version: string;
  kind: RemoteHealthKind;
  reason: LoadFailureReason | '';
  count: number;
  firstMinute: number;
  lastMinute: number;
  minute?: number;
}

export function sinceTime(since: Date | number | string): number {
  const time =
    since instanceof Date ? since.getTime() : typeof since === 'number' ? since : Date.parse(since);
  if (!Number.isFinite(time))
    throw new Error(`readRemoteHealth: since must be a time, got "${String(since)}"`);
  return time;
}

const iso = (time: number) => new Date(time).toISOString();

/** Sums the counts in an open database. */
export function sumRemoteHealth(
  db: Db,
  query: { since: Date | number | string; perMinute?: boolean },
): RemoteHealthCount[] {
  const byMinute = query.perMinute === true;
  const rows = db
    .prepare(
      `SELECT remote, version, kind, reason, SUM(count) AS count, MIN(minute_start) AS firstMinute,
         MAX(minute_start) AS lastMinute ${byMinute ? ', minute_start AS minute' : ''}
       FROM remote_health WHERE minute_start >= ?
       GROUP BY remote, version, kind, reason ${byMinute ? ', minute_start' : ''}
       ORDER BY remote, version, kind, reason ${byMinute ? ', minute_start' : ''}`,
    )
    .all(minuteStart(sinceTime(query.since))) as Row[];
  return rows.map(({ reason, firstMinute, lastMinute, minute, ...counted }) => ({
    ...counted,
    reason: reason === '' ? null : reason,
    firstMinute: iso(firstMinute),
    lastMinute: iso(lastMinute),
    ...(minute === undefined ? {} : { minute: iso(minute) }),
  }));
}

/**
 * Per remote version, how many distinct clients and networks its counted views and failures came from, over the
 * whole period from the UTC day `fromDay` on: a version's hashes share one key for as long as its counts are
 * kept, so a client seen on five days is one client, not five. Failures are any kind but a view, so a client
 * that failed in two ways is one failing client. With them, the failures counted from each of the five networks
 * with the most (a network's failures here are exactly what it added to the counts).
 */
export function sumVisitors(db: Db, fromDay: number): RemoteHealthVisitors[] {
  const rows = db
    .prepare(
      `SELECT remote, version,
         COUNT(DISTINCT CASE WHEN kind = 'view' AND scope = 'client' THEN hash END) AS viewClients,
         COUNT(DISTINCT CASE WHEN kind = 'view' AND scope = 'network' THEN hash END) AS viewNetworks,
         COUNT(DISTINCT CASE WHEN kind <> 'view' AND scope = 'client' THEN hash END) AS failureClients,
         COUNT(DISTINCT CASE WHEN kind <> 'view' AND scope = 'network' THEN hash END) AS failureNetworks
       FROM remote_health_visitors WHERE day >= ?
       GROUP BY remote, version
       ORDER BY remote, version`,
    )
    .all(fromDay) as Omit<RemoteHealthVisitors, 'topNetworkFailures'>[];
  const top = db.prepare(
    `SELECT SUM(loads) AS failures FROM remote_health_visitors
     WHERE day >= @fromDay AND remote = @remote AND version = @version AND kind <> 'view' AND scope = 'network'
     GROUP BY hash ORDER BY failures DESC LIMIT 5`,
  );
  return rows.map((row) => ({
    ...row,
    topNetworkFailures: (
      top.all({ fromDay, remote: row.remote, version: row.version }) as { failures: number }[]
    ).map(({ failures }) => failures),
  }));
}
