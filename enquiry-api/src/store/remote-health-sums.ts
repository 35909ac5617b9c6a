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
 * Per remote version, how many distinct clients and networks its counted views and failures came from: distinct
 * within each UTC day from `fromDay` on (a day's hashes cannot be matched with another day's), added up over the
 * days. Failures are any kind but a view, so a client that failed in two ways is one failing client.
 */
export function sumVisitors(db: Db, fromDay: number): RemoteHealthVisitors[] {
  return db
    .prepare(
      `SELECT remote, version, SUM(viewClients) AS viewClients, SUM(viewNetworks) AS viewNetworks,
         SUM(failureClients) AS failureClients, SUM(failureNetworks) AS failureNetworks
       FROM (
         SELECT day, remote, version,
           COUNT(DISTINCT CASE WHEN kind = 'view' AND scope = 'client' THEN hash END) AS viewClients,
           COUNT(DISTINCT CASE WHEN kind = 'view' AND scope = 'network' THEN hash END) AS viewNetworks,
           COUNT(DISTINCT CASE WHEN kind <> 'view' AND scope = 'client' THEN hash END) AS failureClients,
           COUNT(DISTINCT CASE WHEN kind <> 'view' AND scope = 'network' THEN hash END) AS failureNetworks
         FROM remote_health_visitors WHERE day >= ?
         GROUP BY day, remote, version
       )
       GROUP BY remote, version
       ORDER BY remote, version`,
    )
    .all(fromDay) as RemoteHealthVisitors[];
}
