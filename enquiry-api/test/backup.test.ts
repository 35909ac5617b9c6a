import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { integrityOf } from '../src/store/backup.ts';
import { databaseFile } from '../src/store/database.ts';
import {
  type ApiProcess,
  packageDir,
  postJson,
  removeDir,
  startApi,
  temporaryDir,
  validEnquiry,
} from './support/processes.ts';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The operator's command, run as its own process without blocking this one (the posting clients keep going). */
function enquiries(args: string[], dataDir: string, asUser?: string[]): Promise<Run> {
  return new Promise((resolveRun) => {
    const command = [process.execPath, '--import', 'tsx', 'src/cli/enquiries.ts', ...args];
    const [program, ...rest] = asUser ? [...asUser, ...command] : command;
    const child = spawn(program as string, rest, {
      cwd: packageDir,
      env: { ...process.env, ENQUIRY_DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}

const messageIds = (file: string) => {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return new Set(
      (db.prepare('SELECT id FROM messages').all() as Array<{ id: string }>).map((row) => row.id),
    );
  } finally {
    db.close();
  }
};

const backupsIn = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.sqlite'))
    .sort();

describe('enquiries backup: SQLite online backup while the API writes', () => {
  const dir = temporaryDir('backup');
  const dataDir = join(dir, 'data');
  const backupDir = join(dir, 'backups');
  mkdirSync(backupDir);
  let api: ApiProcess | undefined;

  afterAll(async () => {
    await api?.stop();
    removeDir(dir);
  });

  it('copies every acknowledged row while clients keep posting, checks the copy, keeps the newest N, and restores', async () => {
    api = await startApi({ dataDir });
    const running = api;
    const acknowledged: string[] = [];
    let posting = true;
    let failures = 0;
    // 2 kB messages, so the database spans hundreds of pages and the copy is not a single page's work.
    const client = async (clientIndex: number) => {
      for (let index = 0; posting; index += 1) {
        const response = await postJson(`${running.url}/send-email`, {
          ...validEnquiry,
          message: `Client ${clientIndex} message ${index} `.padEnd(2000, 'x'),
        });
        if (response.status === 200) acknowledged.push(((await response.json()) as { id: string }).id);
        else failures += 1;
      }
    };
    const clients = Array.from({ length: 8 }, (_, index) => client(index));
    try {
      const copies: Array<{ before: string[]; file: string }> = [];
      for (let round = 0; round < 3; round += 1) {
        const target = 150 * (round + 1);
        while (acknowledged.length < target) await new Promise((wait) => setTimeout(wait, 20));
        const before = [...acknowledged];
        const run = await enquiries(['backup', '--out', backupDir, '--keep', '2'], dataDir);
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        const file = /Backed up \d+ pages to (.+\.sqlite) \(integrity_check: ok\)/.exec(run.stdout)?.[1];
        expect(file).toBeDefined();
        copies.push({ before, file: file as string });
      }
      // The API kept taking messages while the copies were made.
      const afterBackups = acknowledged.length;
      while (acknowledged.length < afterBackups + 20) await new Promise((wait) => setTimeout(wait, 20));
      posting = false;
      await Promise.all(clients);
      expect(failures).toBe(0);

      for (const { before, file } of copies.slice(1)) {
        expect(integrityOf(file)).toBe('ok');
        const inCopy = messageIds(file);
        expect(before.filter((id) => !inCopy.has(id))).toEqual([]);
        // A self-contained file: no WAL to carry along.
        expect(new Database(file, { readonly: true }).pragma('journal_mode', { simple: true })).toBe(
          'delete',
        );
      }
      // --keep 2: the first copy was deleted once the third had passed its check.
      expect(backupsIn(backupDir)).toEqual(copies.slice(1).map(({ file }) => file.split('/').pop()));

      // Restore, as docs/deployment.md says: stop the API, move the database and its -wal and -shm files
      // aside, put the copy in its place, start the API.
      const restoredFrom = copies[2]?.file as string;
      const expected = messageIds(restoredFrom);
      expect(expected.size).toBeLessThan(acknowledged.length);
      await running.stop();
      const live = databaseFile(dataDir);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${live}${suffix}`, { force: true });
      copyFileSync(restoredFrom, live);
      api = await startApi({ dataDir });
      const exported = await enquiries(['export', '--format', 'json'], dataDir);
      expect(exported.code).toBe(0);
      const rows = JSON.parse(exported.stdout) as Array<{ id: string }>;
      expect(new Set(rows.map((row) => row.id))).toEqual(expected);
      expect((await postJson(`${api.url}/send-email`, validEnquiry)).status).toBe(200);
      expect(integrityOf(live)).toBe('ok');
    } finally {
      posting = false;
      await Promise.allSettled(clients);
    }
  });
});

describe('enquiries backup refuses bad arguments and changes nothing', () => {
  const dir = temporaryDir('backup-refusals');
  const dataDir = join(dir, 'data');
  const outDir = join(dir, 'out');
  const aFile = join(dir, 'a-file');

  afterAll(() => removeDir(dir));

  it.each([
    {
      name: 'no --out',
      args: ['backup'],
      message: 'backup needs --out, the folder the copies are kept in.',
      code: 2,
    },
    {
      name: 'a folder that does not exist',
      args: ['backup', '--out', join(dir, 'missing')],
      message: `The backup folder ${join(dir, 'missing')} does not exist; create it first (nothing was written).`,
      code: 2,
    },
    {
      name: '--out naming a file',
      args: ['backup', '--out', aFile],
      message: `${aFile} is not a folder; --out takes the folder the copies are kept in.`,
      code: 2,
    },
    {
      name: 'a folder below a file',
      args: ['backup', '--out', join(aFile, 'below')],
      message: `The backup folder ${join(aFile, 'below')} does not exist; create it first (nothing was written).`,
      code: 2,
    },
    {
      name: '--keep 0',
      args: ['backup', '--out', 'OUT', '--keep', '0'],
      message: '--keep must be a whole number from 1 to 1000, got 0.',
      code: 2,
    },
    {
      name: '--keep that is no number',
      args: ['backup', '--out', 'OUT', '--keep', 'all'],
      message: '--keep must be a whole number from 1 to 1000, got NaN.',
      code: 2,
    },
    {
      name: 'no database in ENQUIRY_DATA_DIR',
      args: ['backup', '--out', 'OUT'],
      message: `No enquiries database at ${join(dataDir, 'enquiries.sqlite')}`,
      code: 1,
    },
  ])('$name: $message', async ({ args, message, code }) => {
    mkdirSync(outDir, { recursive: true });
    writeFileSync(aFile, 'not a folder');
    const run = await enquiries(
      args.map((arg) => (arg === 'OUT' ? outDir : arg)),
      dataDir,
    );
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    expect(readdirSync(outDir)).toEqual([]);
    expect(readdirSync(dir).sort()).toEqual(['a-file', 'out']);
  });

  it('a folder it may not write into: "Cannot write into …", nothing written', async () => {
    // Root may write anywhere, so as root the command runs as nobody (setpriv, util-linux); otherwise as the
    // test's own user, on a folder without write permission.
    const root = process.getuid?.() === 0;
    const hasSetpriv = spawnSync('sh', ['-c', 'command -v setpriv']).status === 0;
    if (root && !hasSetpriv) {
      console.log('backup.test.ts: the unwritable-folder case needs setpriv when run as root; skipped');
      return;
    }
    const asNobody = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
    // A checkout inside a private folder (a fresh clone in a mode-0700 temporary folder) is out of nobody's reach:
    // the command would fail to start at all, which says nothing about the refusal under test.
    const cli = join(packageDir, 'src', 'cli', 'enquiries.ts');
    if (root && spawnSync(asNobody[0] as string, [...asNobody.slice(1), 'test', '-r', cli]).status !== 0) {
      console.log(
        'backup.test.ts: nobody cannot read this checkout, so the unwritable-folder case is skipped',
      );
      return;
    }
    const locked = join(dir, 'locked');
    mkdirSync(locked, { recursive: true });
    chmodSync(dir, 0o755);
    chmodSync(locked, root ? 0o755 : 0o555);
    const run = await enquiries(
      ['backup', '--out', locked],
      dataDir,
      root ? [...asNobody, 'env', 'HOME=/tmp'] : undefined,
    );
    chmodSync(locked, 0o755);
    rmSync(locked, { recursive: true });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Cannot write into ${locked} (EACCES); nothing was written.`);
  });
});
