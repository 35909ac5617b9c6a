import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export const databaseFile = (dataDir: string) => join(dataDir, 'enquiries.sqlite');

/**
 * Schema migrations, applied in order; PRAGMA user_version records how many have run. Append, never edit.
 * messages holds both forms' messages and is the outbox: a row with delivered_at NULL is still to be e-mailed.
 * remote_health holds the shell's beacon counts, one row per minute and remote version, kind and reason
 * (reason '' when there is none: a NULL would never conflict, so the upsert would add rows instead of
 * counting). Its kinds and reasons are checked by the shared schema before a write, not by the table, so the
 * contract can grow without rebuilding it. idempotency_keys remembers the replies to accepted submissions that
 * carried an Idempotency-Key, so a repeat is answered, not stored again.
 */
const migrations = [
  `CREATE TABLE messages (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     kind TEXT NOT NULL CHECK (kind IN ('enquiry', 'contact')),
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     business TEXT NOT NULL DEFAULT '',
     phone TEXT NOT NULL DEFAULT '',
     service TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL DEFAULT '',
     delivered_at TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER NOT NULL,
     last_error TEXT,
     outbox_file TEXT
   );
   CREATE INDEX messages_pending ON messages (next_attempt_at) WHERE delivered_at IS NULL;
   CREATE INDEX messages_unwritten ON messages (seq) WHERE delivered_at IS NULL AND outbox_file IS NULL;
   CREATE TABLE subscribers (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     email TEXT NOT NULL UNIQUE,
     subscribed_at TEXT NOT NULL
   );`,
  `CREATE TABLE remote_health (
     minute_start INTEGER NOT NULL,
     remote TEXT NOT NULL,
     version TEXT NOT NULL,
     kind TEXT NOT NULL,
     reason TEXT NOT NULL DEFAULT '',
     count INTEGER NOT NULL CHECK (count > 0),
     PRIMARY KEY (minute_start, remote, version, kind, reason)
   ) WITHOUT ROWID;`,
  // One row per Idempotency-Key a form sent with an accepted submission: the request's fingerprint and the
  // reply it got. Written in the same transaction as the message or subscriber it stored, so a key is never
  // recorded without its row, nor a row without its key. Rows older than a day are deleted (idempotency-store.ts).
  `CREATE TABLE idempotency_keys (
     key TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     status INTEGER NOT NULL,
     content_type TEXT NOT NULL,
     body TEXT NOT NULL,
     created_at INTEGER NOT NULL
   ) WITHOUT ROWID;
   CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);`,
  // Canary data worth trusting (remote-health-store.ts): the page loads already counted per remote and kind
  // (random ids from the page, kept a day); per UTC day, remote, version and kind, each client's and each
  // network's counted page loads under a keyed hash, never the address; and each day's hash key, deleted when
  // the day is over so that no stored hash can be linked to an address afterwards.
  `CREATE TABLE remote_health_page_loads (
     page_load TEXT NOT NULL,
     remote TEXT NOT NULL,
     kind TEXT NOT NULL,
     seen_at INTEGER NOT NULL,
     PRIMARY KEY (page_load, remote, kind)
   ) WITHOUT ROWID;
   CREATE INDEX remote_health_page_loads_seen ON remote_health_page_loads (seen_at);
   CREATE TABLE remote_health_visitors (
     day INTEGER NOT NULL,
     remote TEXT NOT NULL,
     version TEXT NOT NULL,
     kind TEXT NOT NULL,
     scope TEXT NOT NULL CHECK (scope IN ('client', 'network')),
     hash TEXT NOT NULL,
     loads INTEGER NOT NULL CHECK (loads > 0),
     PRIMARY KEY (day, remote, version, kind, scope, hash)
   ) WITHOUT ROWID;
   CREATE TABLE remote_health_day_keys (
     day INTEGER PRIMARY KEY,
     key BLOB NOT NULL
   );`,
  // Issue 40: a canary's verdict counts distinct clients and networks over its whole period, so the hashes are
  // keyed per remote version (kept while that version's counts are, deleted with them) instead of per UTC day,
  // whose hashes no later day could match: one address counted again each day. The day keys' rows go.
  `CREATE TABLE remote_health_version_keys (
     remote TEXT NOT NULL,
     version TEXT NOT NULL,
     key BLOB NOT NULL,
     last_day INTEGER NOT NULL,
     PRIMARY KEY (remote, version)
   ) WITHOUT ROWID;
   DELETE FROM remote_health_visitors;
   DROP TABLE remote_health_day_keys;`,
  // Issue 44: each page load's Web Vitals per remote version and route (remote-vitals.ts), one row per metric,
  // with the keyed hash of the network it came from (so the verdict can leave out the few networks with the most
  // reports), and per UTC day each client's and network's reports under keyed hashes, as for the counts.
  `CREATE TABLE remote_vitals (
     minute_start INTEGER NOT NULL,
     remote TEXT NOT NULL,
     version TEXT NOT NULL,
     route TEXT NOT NULL,
     metric TEXT NOT NULL,
     value REAL NOT NULL,
     network TEXT NOT NULL
   );
   CREATE INDEX remote_vitals_minute ON remote_vitals (minute_start);
   CREATE TABLE remote_vitals_visitors (
     day INTEGER NOT NULL,
     remote TEXT NOT NULL,
     version TEXT NOT NULL,
     scope TEXT NOT NULL CHECK (scope IN ('client', 'network')),
     hash TEXT NOT NULL,
     loads INTEGER NOT NULL CHECK (loads > 0),
     PRIMARY KEY (day, remote, version, scope, hash)
   ) WITHOUT ROWID;`,
  // Each Web Vitals sample with what the page's other slots ran (remote-vitals.ts: 'default' when each other
  // remote ran its default version, else 'canary'), so one remote's canary is judged apart from another's on the
  // same page, and with its client's keyed hash, so the distinct clients and networks are counted per route. The
  // samples stored before have neither: they go (a canary's vitals wait again for samples; no count is lost).
  `DELETE FROM remote_vitals;
   ALTER TABLE remote_vitals ADD COLUMN other_slots TEXT NOT NULL DEFAULT 'default';
   ALTER TABLE remote_vitals ADD COLUMN client TEXT NOT NULL DEFAULT '';`,
];

function migrate(db: Db) {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < migrations.length; version += 1) {
    db.transaction(() => {
      db.exec(migrations[version] as string);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/**
 * Opens (creating if needed) the database in the data folder. WAL lets the export command read while the API
 * writes; synchronous=FULL makes every committed write survive a killed process and a power cut alike.
 */
export function openDatabase(dataDir: string): Db {
  // Visitors' messages: the folder 0700 and the database 0600 whatever the umask (SQLite gives its -wal and
  // -shm files the database's mode), and a folder or file made looser before is tightened.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const file = databaseFile(dataDir);
  const db = new Database(file);
  for (const part of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(part)) chmodSync(part, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Opens an existing database for reading only (the export command), failing clearly when there is none. */
export function openDatabaseReadOnly(dataDir: string): Db {
  const file = databaseFile(dataDir);
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    return db;
  } catch (error) {
    throw new Error(`No enquiries database at ${file} (${(error as Error).message}); set ENQUIRY_DATA_DIR`);
  }
}
