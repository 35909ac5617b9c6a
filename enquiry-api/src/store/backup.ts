import { accessSync, constants, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { databaseFile, openDatabaseReadOnly } from './database.ts';

/** A backup refused before anything was written; its message says what to change. */
export class BackupError extends Error {}

export interface BackupOptions {
  /** The API's data folder (ENQUIRY_DATA_DIR). */
  dataDir: string;
  /** An existing folder the copies are kept in. */
  outDir: string;
  /** How many copies to keep, the newest; older ones are deleted after a copy passed its check. */
  keep: number;
  now?: Date;
}

export interface BackupResult {
  file: string;
  pages: number;
  removed: string[];
}

/** enquiries-2026-11-26T03-00-00-000Z.sqlite: sorts by time as text, and has no colon (some tools refuse one). */
const backupName = (at: Date) => `enquiries-${at.toISOString().replace(/[:.]/g, '-')}.sqlite`;
const backupPattern = /^enquiries-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/;

export const maxKept = 1000;

function checkOutDir(outDir: string): void {
  let isFolder: boolean;
  try {
    isFolder = statSync(outDir).isDirectory();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new BackupError(
        `The backup folder ${outDir} does not exist; create it first (nothing was written).`,
      );
    throw new BackupError(`Cannot reach ${outDir} (${code}); nothing was written.`);
  }
  if (!isFolder)
    throw new BackupError(`${outDir} is not a folder; --out takes the folder the copies are kept in.`);
  try {
    accessSync(outDir, constants.W_OK);
    // Root passes access() on any folder, and a read-only mount fails only on a real write: try one.
    const probe = join(outDir, `.enquiries-backup-probe-${process.pid}`);
    writeFileSync(probe, '');
    rmSync(probe);
  } catch (error) {
    throw new BackupError(
      `Cannot write into ${outDir} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); nothing was written.`,
    );
  }
}

/** PRAGMA integrity_check of a database file; 'ok' or the problems SQLite lists. */
export function integrityOf(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check') as Array<{ integrity_check: string }>)
      .map((row) => row.integrity_check)
      .join('; ');
  } finally {
    db.close();
  }
}

/**
 * Copies the API's database with SQLite's online backup API while the API keeps running and writing. All pages
 * go in one step, so the copy is the database as of one committed transaction: a step-by-step copy restarts
 * whenever another connection writes, and a busy API could keep it from ever finishing. In WAL mode that step
 * holds only a read snapshot, so the API's writes go on meanwhile. The copy is written under a temporary name,
 * turned into a single self-contained file (journal_mode DELETE), checked with PRAGMA integrity_check, and only
 * then renamed into place; the oldest copies beyond `keep` are deleted after that.
 */
export async function backupDatabase(options: BackupOptions): Promise<BackupResult> {
  const outDir = resolve(options.outDir);
  if (!Number.isInteger(options.keep) || options.keep < 1 || options.keep > maxKept) {
    throw new BackupError(`--keep must be a whole number from 1 to ${maxKept}, got ${options.keep}.`);
  }
  checkOutDir(outDir);
  const source = openDatabaseReadOnly(options.dataDir);
  const file = join(outDir, backupName(options.now ?? new Date()));
  const partial = `${file}.partial`;
  try {
    const progress = await source.backup(partial, { progress: () => 0x7fffffff });
    const copy = new Database(partial);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const integrity = integrityOf(partial);
    if (integrity !== 'ok')
      throw new Error(`The copy of ${databaseFile(options.dataDir)} failed its check: ${integrity}`);
    renameSync(partial, file);
    const removed = readdirSync(outDir)
      .filter((name) => backupPattern.test(name))
      .sort()
      .reverse()
      .slice(options.keep)
      .map((name) => join(outDir, name));
    for (const old of removed) rmSync(old);
    return { file, pages: progress.totalPages, removed };
  } finally {
    source.close();
    rmSync(partial, { force: true });
  }
}
