import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { idempotencyKeyTtlMs } from 'shared-content/enquiry';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from './database.ts';
import { fingerprintOf, IdempotencyStore } from './idempotency-store.ts';
import { Inbox } from './inbox.ts';

const enquiry = {
  name: 'Shop Owner',
  email: 'owner@shop.example',
  business: 'Corner Bakery',
  phone: '+91 98765 43210',
  service: '' as const,
  message: '',
};

describe('IdempotencyStore (real SQLite file)', () => {
  const dirs: string[] = [];
  const dbs: Db[] = [];
  const open = (dir = mkdtempSync(join(tmpdir(), 'idempotency-'))) => {
    dirs.push(dir);
    const db = openDatabase(dir);
    dbs.push(db);
    return { db, dir };
  };
  afterEach(() => {
    for (const db of dbs.splice(0)) if (db.open) db.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const reply = (id: string) => ({
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ id }),
  });

  it('forgets a key after a day: the same key then stores again', async () => {
    const { db } = open();
    let now = Date.UTC(2026, 0, 1);
    const store = new IdempotencyStore(db, () => now);
    const inbox = new Inbox(db);
    const request = { key: 'k'.repeat(20), fingerprint: fingerprintOf('/send-email', enquiry) };
    const first = await store.once(request, () => inbox.insertNow('enquiry', enquiry), reply);
    now += idempotencyKeyTtlMs - 1;
    expect(await store.once(request, () => inbox.insertNow('enquiry', enquiry), reply)).toEqual({
      kind: 'replay',
      reply: reply((first as { value: string }).value),
    });
    now += 2;
    expect((await store.once(request, () => inbox.insertNow('enquiry', enquiry), reply)).kind).toBe('stored');
    expect(inbox.list()).toHaveLength(2);
    now += idempotencyKeyTtlMs + 1;
    expect(store.prune()).toBe(1);
  });

  it('records no key when the write fails, so the retry is stored', async () => {
    const { db } = open();
    const store = new IdempotencyStore(db);
    const inbox = new Inbox(db);
    const request = { key: 'f'.repeat(20), fingerprint: 'x' };
    await expect(
      store.once(
        request,
        () => {
          throw new Error('disk full');
        },
        reply,
      ),
    ).rejects.toThrow('disk full');
    expect(store.prior(request)).toBeNull();
    expect((await store.once(request, () => inbox.insertNow('enquiry', enquiry), reply)).kind).toBe('stored');
  });

  it('fingerprints fields, not their order', () => {
    expect(fingerprintOf('/subscribe', { a: 1, b: [{ c: 2, d: 3 }] })).toBe(
      fingerprintOf('/subscribe', { b: [{ d: 3, c: 2 }], a: 1 }),
    );
    expect(fingerprintOf('/subscribe', { a: 1 })).not.toBe(fingerprintOf('/send-email', { a: 1 }));
  });

  it('is added to a database made before it, keeping its messages', () => {
    const { db, dir } = open();
    new Inbox(db).insertNow('enquiry', enquiry);
    // Back to the schema before this migration, as a database of the previous release would be (the remote
    // health and Web Vitals tables of the migrations after it go too).
    db.exec('DROP TABLE idempotency_keys');
    db.exec(
      'DROP TABLE remote_health_page_loads; DROP TABLE remote_health_visitors; DROP TABLE remote_health_version_keys',
    );
    db.exec('DROP TABLE remote_vitals; DROP TABLE remote_vitals_visitors');
    db.pragma('user_version = 2');
    db.close();
    const reopened = open(dir).db;
    expect(reopened.pragma('user_version', { simple: true })).toBe(7);
    expect(new Inbox(reopened).list()).toMatchObject([{ name: enquiry.name }]);
    expect(new IdempotencyStore(reopened).prior({ key: 'k'.repeat(20), fingerprint: 'x' })).toBeNull();
  });
});
