/**
 * Issue 40, item 8: the enquiries of `npm start` are private whatever the umask. The API's own code paths run
 * in a child process under umask 022 and 000 (the database opened and written, a mail written to the outbox
 * folder), and the modes are read back: the data folder and the outbox 0700, the database and its WAL files and
 * every mail 0600; a database an earlier start left readable to everyone is tightened.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const source = (path: string) =>
  JSON.stringify(pathToFileURL(join(import.meta.dirname, '..', 'src', path)).href);
const script = `
import { openDatabase } from ${source('store/database.ts')};
import { createFolderWriter } from ${source('mail/transports.ts')};
const dataDir = process.argv.at(-1);
const db = openDatabase(dataDir);
db.exec('CREATE TABLE IF NOT EXISTS probe (x)');
db.prepare('INSERT INTO probe VALUES (1)').run();
const writer = createFolderWriter(dataDir);
await writer.write({ from: 'site@example.com', to: 'agency@example.com', subject: 'Hi', text: 'A message' }, 'probe-1');
writer.close();
db.close();
`;

let dataDir = '';
afterEach(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

function runUnder(umask: string) {
  const run = spawnSync(
    'sh',
    [
      '-c',
      `umask ${umask} && exec "$0" --import "$1" --input-type=module -e "$2" "$3"`,
      process.execPath,
      tsx,
      script,
      dataDir,
    ],
    { cwd: import.meta.dirname, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
}

function expectPrivate() {
  expect(modeOf(dataDir)).toBe('700');
  expect(modeOf(join(dataDir, 'outbox'))).toBe('700');
  const files = [
    ...['enquiries.sqlite', 'enquiries.sqlite-wal', 'enquiries.sqlite-shm']
      .map((name) => join(dataDir, name))
      .filter(existsSync),
    ...readdirSync(join(dataDir, 'outbox')).map((name) => join(dataDir, 'outbox', name)),
  ];
  expect(files.some((file) => file.endsWith('.eml'))).toBe(true);
  for (const file of files) expect([file, modeOf(file)]).toEqual([file, '600']);
}

describe('the enquiries of a start', () => {
  for (const umask of ['022', '000']) {
    it(`are 0600 files in 0700 folders under umask ${umask}`, () => {
      dataDir = join(mkdtempSync(join(tmpdir(), 'enquiry-private-')), 'data');
      runUnder(umask);
      expectPrivate();
    });
  }

  it('tightens a data folder and database an earlier start left readable to everyone', () => {
    dataDir = join(mkdtempSync(join(tmpdir(), 'enquiry-private-')), 'data');
    runUnder('000');
    chmodSync(dataDir, 0o777);
    chmodSync(join(dataDir, 'enquiries.sqlite'), 0o666);
    runUnder('000');
    expectPrivate();
  });
});
