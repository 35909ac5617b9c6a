/**
 * The reader of the shell's remote health counts, for the release tooling (this package exports it as
 * `enquiry-api/remote-health`): how often each remote version was viewed, failed to load, failed to render or
 * hydrated differently. It opens the API's database read-only, so it runs while the API writes (WAL).
 */
import type { LoadFailureReason, RemoteHealthKind } from 'shared-content/enquiry';
import { dataDirFrom } from '../config.ts';
import { type Db, openDatabaseReadOnly } from './database.ts';
import { minuteStart } from './remote-health-store.ts';

/** Summed counts of one remote version's kind (and reason), over the minutes asked for. */
export interface RemoteHealthCount {
  remote: string;
  version: string;
  kind: RemoteHealthKind;
  /** Why it failed to load; null for every other kind. */
  reason: LoadFailureReason | null;
  count: number;
  /** The first and the last minute in the sum that had counts (ISO, the minute's start, UTC). */
  firstMinute: string;
  lastMinute: string;
  /** With `perMinute` only: the minute this row counts (ISO, the minute's start, UTC). */
  minute?: string;
}

export interface RemoteHealthQuery {
  /**
   * The API's data folder. Default: ENQUIRY_DATA_DIR, else `.data/enquiry-api`; a relative folder is taken from
   * the repository root, exactly as the API takes it.
   */
  dataDir?: string;
  /** Counts from the minute this time is in onwards (a Date, Unix ms, or an ISO date or timestamp). */
  since: Date | number | string;
  /** One row per minute as well, rather than one sum over all of them. */
  perMinute?: boolean;
  /** Where the default data folder is looked up; process.env unless given. */
  env?: NodeJS.ProcessEnv;
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

function sinceTime(since: RemoteHealthQuery['since']): number {
  const time =
    since instanceof Date ? since.getTime() : typeof since === 'number' ? since : Date.parse(since);
  if (!Number.isFinite(time))
    throw new Error(`readRemoteHealth: since must be a time, got "${String(since)}"`);
  return time;
}

const iso = (time: number) => new Date(time).toISOString();

/** Sums the counts in an open database (the reader below opens and closes one). */
function sumRemoteHealth(db: Db, query: Pick<RemoteHealthQuery, 'since' | 'perMinute'>): RemoteHealthCount[] {
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
 * Opens the API's database read-only, sums the remote health counts since `since` (per remote, version, kind
 * and reason; per minute too with `perMinute`), and closes it. Throws when there is no database there, or one
 * from before the remote_health table (an API that has not run this version yet): reading zero failures from
 * the wrong place must not pass for a healthy release.
 */
export function readRemoteHealth(query: RemoteHealthQuery): RemoteHealthCount[] {
  const dataDir = dataDirFrom(
    query.dataDir === undefined ? (query.env ?? process.env) : { ENQUIRY_DATA_DIR: query.dataDir },
  );
  const db = openDatabaseReadOnly(dataDir);
  try {
    const table = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'remote_health'")
      .get();
    if (table === undefined) {
      throw new Error(
        `The enquiries database in ${dataDir} has no remote health table yet; start this version of the API on it once`,
      );
    }
    return sumRemoteHealth(db, query);
  } finally {
    db.close();
  }
}
