import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseFile } from '../src/store/database.ts';
import {
  type ApiProcess,
  packageDir,
  postJson,
  readInbox,
  removeDir,
  startApi,
  temporaryDir,
  validEnquiry,
} from './support/processes.ts';

const total = 400;
const concurrency = 32;
const killAfter = 120;

describe('an acknowledged enquiry is never lost', () => {
  const dir = temporaryDir('sigkill');
  const dataDir = join(dir, 'data');
  let restarted: ApiProcess | undefined;

  afterAll(async () => {
    await restarted?.stop();
    removeDir(dir);
  });

  it('keeps every enquiry that got a 200 when the API is killed with SIGKILL in the middle of a burst', async () => {
    const api = await startApi({ dataDir });
    const acknowledged: string[] = [];
    let failed = 0;
    let next = 0;
    let killed = false;

    // `concurrency` clients post back to back; after `killAfter` replies the process is killed outright.
    const client = async () => {
      while (next < total) {
        const index = next;
        next += 1;
        try {
          const response = await postJson(`${api.url}/send-email`, {
            ...validEnquiry,
            message: `Burst ${index}`,
          });
          if (response.status !== 200) throw new Error(`status ${response.status}`);
          acknowledged.push(((await response.json()) as { id: string }).id);
        } catch {
          failed += 1;
        }
        if (!killed && acknowledged.length >= killAfter) {
          killed = true;
          api.signal('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    await api.exited;

    expect(killed).toBe(true);
    // The kill really hit the burst: some requests never got an answer.
    expect(failed).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);

    // After a restart the API opens the same database (recovering the WAL) and serves again.
    restarted = await startApi({ dataDir });
    const health = (await (await fetch(`${restarted.url}/health`)).json()) as { ok: boolean };
    expect(health.ok).toBe(true);

    // The agency's export command sees every acknowledged enquiry.
    const exported = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/cli/enquiries.ts', 'export', '--format', 'json'],
      {
        cwd: packageDir,
        env: { ...process.env, ENQUIRY_DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
    expect(exported.status).toBe(0);
    const rows = JSON.parse(exported.stdout) as Array<{ id: string; message: string }>;
    const stored = new Set(rows.map((row) => row.id));
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // Stored but unanswered is allowed (the reply was cut off); stored twice is not.
    expect(stored.size).toBe(rows.length);
    expect(readInbox(dataDir, (inbox) => inbox.counts()).messages).toBe(rows.length);

    const db = new Database(databaseFile(dataDir), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });
});
