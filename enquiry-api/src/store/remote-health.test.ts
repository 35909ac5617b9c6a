import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import type { RemoteHealthEvent } from 'shared-content/enquiry';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Db, databaseFile, openDatabase } from './database.ts';
import { readRemoteHealth } from './remote-health.ts';
import { pruneIntervalMs, RemoteHealthStore } from './remote-health-store.ts';

/** Shares large enough that these tests of the sums never meet them. */
const share = { maxLoadsPerClient: 1000, maxLoadsPerNetwork: 1000 };
const minute = 60_000;
const day = 24 * 60 * minute;
const start = Date.UTC(2025, 0, 31, 10, 42, 15);

const view: RemoteHealthEvent = { remote: 'mf_contact', version: '1.4.0-3f43688a', kind: 'view', count: 3 };
const timeout: RemoteHealthEvent = {
  remote: 'mf_contact',
  version: '1.4.0-3f43688a',
  kind: 'load-failure',
  reason: 'timeout',
  count: 1,
};

describe('remote health: the store and the reader', () => {
  let dir: string;
  let db: Db;
  let now: number;
  let store: RemoteHealthStore;
  const clock = () => now;
  const read = (since = 0, perMinute = false) => readRemoteHealth({ dataDir: dir, since, perMinute });
  /** Every row of the table as it is, minutes as Unix ms. */
  const rows = () => db.prepare('SELECT * FROM remote_health ORDER BY minute_start, kind, reason').all();

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'enquiry-api-remote-health-'));
    db = openDatabase(dir);
    now = start;
    store = new RemoteHealthStore(db, { retentionDays: 30, ...share, now: clock });
  });
  afterEach(() => {
    if (db.open) db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds beacons of the same minute into one row per kind and reason, and starts a row for a new minute', async () => {
    await store.addCounts([view, timeout]);
    now += 40_000; // 10:42:55, the same minute
    await store.addCounts([view, { ...timeout, reason: 'network' }, timeout]);
    expect(rows()).toEqual([
      { minute_start: Date.UTC(2025, 0, 31, 10, 42), ...timeout, reason: 'network', count: 1 },
      { minute_start: Date.UTC(2025, 0, 31, 10, 42), ...timeout, count: 2 },
      { minute_start: Date.UTC(2025, 0, 31, 10, 42), ...view, reason: '', count: 6 },
    ]);

    now += 10_000; // 10:43:05
    await store.addCounts([view]);
    expect(read(0, true).filter((row) => row.kind === 'view')).toEqual([
      { ...view, reason: null, count: 6, ...minuteFields('10:42') },
      { ...view, reason: null, count: 3, ...minuteFields('10:43') },
    ]);
  });

  it('sums per remote, version, kind and reason since the minute a time is in', async () => {
    await store.addCounts([view, timeout]); // 10:42
    now += minute;
    await store.addCounts([view, { ...view, version: '1.5.0' }, { ...view, remote: 'mf_portfolio' }]); // 10:43
    now += minute;
    await store.addCounts([{ ...timeout, count: 4 }, view]); // 10:44

    const at = (time: string) => `2025-01-31T${time}:00.000Z`;
    expect(read(0)).toEqual([
      { ...timeout, count: 5, firstMinute: at('10:42'), lastMinute: at('10:44') },
      { ...view, reason: null, count: 9, firstMinute: at('10:42'), lastMinute: at('10:44') },
      {
        ...view,
        version: '1.5.0',
        reason: null,
        count: 3,
        firstMinute: at('10:43'),
        lastMinute: at('10:43'),
      },
      {
        ...view,
        remote: 'mf_portfolio',
        reason: null,
        count: 3,
        firstMinute: at('10:43'),
        lastMinute: at('10:43'),
      },
    ]);
    // 10:43:30 is in the minute 10:43, which counts whole; 10:42 does not.
    const since = readRemoteHealth({ dataDir: dir, since: new Date(Date.UTC(2025, 0, 31, 10, 43, 30)) });
    expect(since.map(({ remote, version, kind, count }) => [remote, version, kind, count])).toEqual([
      ['mf_contact', '1.4.0-3f43688a', 'load-failure', 4],
      ['mf_contact', '1.4.0-3f43688a', 'view', 6],
      ['mf_contact', '1.5.0', 'view', 3],
      ['mf_portfolio', '1.4.0-3f43688a', 'view', 3],
    ]);
    expect(readRemoteHealth({ dataDir: dir, since: at('10:45') })).toEqual([]);
  });

  it('stores a beacon all or nothing', async () => {
    await store.addCounts([view]);
    // The table refuses a count of 0 (the schema would have refused it first): the event before it goes too.
    await expect(
      store.addCounts([
        { ...view, count: 5 },
        { ...timeout, count: 0 },
      ]),
    ).rejects.toThrow(/CHECK/);
    expect(read()).toEqual([expect.objectContaining({ kind: 'view', count: 3 })]);
  });

  it('deletes rows older than the retention on a write, at most once an hour', async () => {
    await store.addCounts([{ ...view, count: 1 }]); // 10:42 on day 0
    now += 10 * minute;
    await store.addCounts([{ ...view, count: 2 }]); // 10:52 on day 0
    expect(rows()).toHaveLength(2);

    // 30 days and 5 minutes later: 10:42 is older than 30 days, 10:52 is not yet.
    now = start + 30 * day + 5 * minute;
    await store.addCounts([{ ...view, count: 4 }]);
    expect(read(0, true).map((row) => row.count)).toEqual([2, 4]);

    // Half an hour on, 10:52 is old too, but the last look was less than an hour ago.
    now += 30 * minute;
    await store.addCounts([{ ...view, count: 8 }]);
    expect(read(0, true).map((row) => row.count)).toEqual([2, 4, 8]);

    now += pruneIntervalMs - 30 * minute;
    await store.addCounts([{ ...view, count: 16 }]);
    expect(read(0, true).map((row) => row.count)).toEqual([4, 8, 16]);
  });

  it('deletes old rows when the API starts, before any write', async () => {
    await store.addCounts([view]); // 10:42 on day 0
    now += 10 * minute;
    await store.addCounts([timeout]); // 10:52 on day 0
    now = start + 30 * day + 5 * minute;
    new RemoteHealthStore(db, { retentionDays: 30, ...share, now: clock });
    expect(read().map((row) => row.kind)).toEqual(['load-failure']);
    // A shorter retention (ENQUIRY_HEALTH_RETENTION_DAYS) keeps less.
    new RemoteHealthStore(db, { retentionDays: 7, ...share, now: clock });
    expect(rows()).toEqual([]);
  });

  it('reads while the API holds the database open, and after it closed it', async () => {
    await store.addCounts([view]);
    expect(read()).toHaveLength(1);
    now += minute;
    await store.addCounts([view]);
    db.close();
    expect(read()).toEqual([expect.objectContaining({ count: 6 })]);
  });

  it('finds the data folder as the API does: ENQUIRY_DATA_DIR unless a folder is given', async () => {
    await store.addCounts([view]);
    expect(readRemoteHealth({ since: 0, env: { ENQUIRY_DATA_DIR: dir } })).toHaveLength(1);
    // A relative folder is taken from the repository root, as the API takes ENQUIRY_DATA_DIR, not from the cwd.
    const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
    expect(readRemoteHealth({ since: 0, dataDir: relative(repositoryRoot, dir) })).toHaveLength(1);
    expect(() => readRemoteHealth({ since: 0, env: { ENQUIRY_DATA_DIR: join(dir, 'elsewhere') } })).toThrow(
      /No enquiries database at .*elsewhere.*ENQUIRY_DATA_DIR/,
    );
  });

  it('refuses a database from before the table, and a since that is no time', () => {
    const other = mkdtempSync(join(tmpdir(), 'enquiry-api-old-'));
    try {
      const legacy = new Database(databaseFile(other));
      legacy.exec('CREATE TABLE messages (seq INTEGER PRIMARY KEY)');
      legacy.close();
      expect(() => readRemoteHealth({ dataDir: other, since: 0 })).toThrow(/has no remote health table yet/);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    expect(() => readRemoteHealth({ dataDir: dir, since: 'last week' })).toThrow(
      'since must be a time, got "last week"',
    );
  });
});

/** The minute fields of a per-minute row for a time of day on 2025-01-31. */
function minuteFields(time: string) {
  const iso = `2025-01-31T${time}:00.000Z`;
  return { firstMinute: iso, lastMinute: iso, minute: iso };
}
