/**
 * A read-only reader of the remote health counts in the API's database file, for this package's own tests and
 * tools on the API's host (it runs while the API writes: WAL). The release tooling never opens the file: it
 * reads the same sums over HTTP (GET /remote-health, routes/remote-health.ts).
 */
import { dataDirFrom } from '../runtime/config.ts';
import { openDatabaseReadOnly } from './database.ts';
import { type RemoteHealthCount, sumRemoteHealth } from './remote-health-sums.ts';

export type { RemoteHealthCount } from './remote-health-sums.ts';

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
  /** Where the default data folder is looked up; the process's environment unless given. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Opens the API's database read-only, sums the remote health counts since `since` (per remote, version, kind
 * and reason; per minute too with `perMinute`), and closes it. Throws when there is no database there, or one
 * from before the remote_health table (an API that has not run this version yet): reading zero failures from
 * the wrong place must not pass for a healthy release.
 */
export function readRemoteHealth(query: RemoteHealthQuery): RemoteHealthCount[] {
  const dataDir = dataDirFrom(query.dataDir === undefined ? query.env : { ENQUIRY_DATA_DIR: query.dataDir });
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
