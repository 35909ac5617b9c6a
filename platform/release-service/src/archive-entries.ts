/**
 * The first look at an uploaded archive: every entry is read (not written anywhere) and checked before anything
 * is unpacked, so a refused upload leaves nothing behind. node-tar parses; the rules are the service's own.
 */
import { createReadStream } from 'node:fs';
import { Parser, type ReadEntry } from 'tar';
import { UploadError } from './upload-error.ts';
import { inMegabytes, type UploadLimits } from './upload-limits.ts';

export interface ArchiveListing {
  /** Every file, by its normalised path (`static/js/a.js`). */
  files: Set<string>;
  /** The bytes of the files asked for (the manifest), when the archive holds them. */
  captured: Map<string, Buffer>;
}

const regularFile = new Set(['File', 'OldFile', 'ContiguousFile']);
/** Larger than any manifest a build writes; kept in memory, so bounded. */
const maxCapturedBytes = 8 * 1024 * 1024;

const notAFile: Record<string, string> = {
  SymbolicLink: 'a symbolic link',
  Link: 'a hard link',
  CharacterDevice: 'a device',
  BlockDevice: 'a device',
  FIFO: 'a named pipe',
};

const pathOutside = (raw: string, why: string) =>
  new UploadError(400, 'path-outside', `The archive's entry ${JSON.stringify(raw)} ${why}: refused.`);

/**
 * An entry's path relative to the build folder (`./a//b/` → `a/b`), or null for the folder itself. Refuses a
 * path that could land outside the folder or that tools would show or resolve differently.
 */
export function archivePath(raw: string): string | null {
  if (raw.includes('\0')) throw pathOutside(raw, 'has a NUL character');
  if (raw.includes('\\')) throw pathOutside(raw, 'has a backslash');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\u0001-\u001f\u007f]/.test(raw)) throw pathOutside(raw, 'has a control character');
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw)) throw pathOutside(raw, 'is an absolute path');
  const segments = raw.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw pathOutside(raw, 'has a ".." segment, which leaves the build folder');
  return segments.length === 0 ? null : segments.join('/');
}

/** A refusal of an entry that is neither a regular file nor a folder (a link, a device, a pipe, …). */
function checkKind(entry: ReadEntry): void {
  const kind = notAFile[entry.type];
  if (kind || (!regularFile.has(entry.type) && entry.type !== 'Directory')) {
    throw new UploadError(
      400,
      'not-a-file',
      `The archive's entry ${JSON.stringify(entry.path)} is ${kind ?? `a ${entry.type} entry`}; a build is regular files and folders only.`,
    );
  }
}

/**
 * The entries of one archive read so far, and the checks each next entry passes against them: how many, no path
 * twice, no path both a file and a folder, and how many bytes they unpack to.
 */
class ArchiveTally {
  /** Every file, by its normalised path. */
  readonly files = new Set<string>();
  readonly #folders = new Set<string>();
  #entries = 0;
  #unpackedBytes = 0;

  readonly #limits: UploadLimits;

  constructor(limits: UploadLimits) {
    this.#limits = limits;
  }

  /** Checks `entry` and counts it: its normalised path when it is a file, null for a folder. */
  add(entry: ReadEntry): string | null {
    checkKind(entry);
    const path = archivePath(entry.path);
    if (path === null) return null;
    this.#countEntry();
    const isFile = entry.type !== 'Directory';
    if (this.files.has(path) || (isFile && this.#folders.has(path))) {
      throw new UploadError(
        400,
        'duplicate-path',
        `The archive holds ${JSON.stringify(path)} twice: refused.`,
      );
    }
    this.#addParents(path);
    if (!isFile) {
      this.#folders.add(path);
      return null;
    }
    this.#countBytes(entry.size);
    this.files.add(path);
    return path;
  }

  #countEntry(): void {
    this.#entries += 1;
    if (this.#entries > this.#limits.maxEntries) {
      throw new UploadError(
        413,
        'too-many-files',
        `The archive holds more than ${this.#limits.maxEntries} files and folders: refused.`,
      );
    }
  }

  /** Each folder above `path` is a folder, never a file the archive already holds. */
  #addParents(path: string): void {
    const parents = path.split('/').slice(0, -1);
    for (let depth = 1; depth <= parents.length; depth++) {
      const parent = parents.slice(0, depth).join('/');
      if (this.files.has(parent)) {
        throw new UploadError(
          400,
          'duplicate-path',
          `The archive holds ${JSON.stringify(parent)} both as a file and as a folder: refused.`,
        );
      }
      this.#folders.add(parent);
    }
  }

  #countBytes(size: number): void {
    this.#unpackedBytes += size;
    if (this.#unpackedBytes > this.#limits.maxUnpackedBytes) {
      throw new UploadError(
        413,
        'too-large',
        `The archive unpacks to more than ${inMegabytes(this.#limits.maxUnpackedBytes)}: refused.`,
      );
    }
  }
}

/** Keeps the bytes of an entry asked for (the manifest) in `captured`, or refuses one too large to keep. */
function captureEntry(
  entry: ReadEntry,
  path: string,
  captured: Map<string, Buffer>,
  refuse: (error: unknown) => void,
): void {
  if (entry.size > maxCapturedBytes) {
    entry.resume();
    refuse(
      new UploadError(
        400,
        'bad-manifest',
        `${path} is larger than ${inMegabytes(maxCapturedBytes)}: refused.`,
      ),
    );
    return;
  }
  const chunks: Buffer[] = [];
  entry.on('data', (chunk: Buffer) => chunks.push(chunk));
  entry.on('end', () => captured.set(path, Buffer.concat(chunks)));
}

/** An entry node-tar skipped: of a type it does not know, or a meta entry too large to read. */
const ignoredEntryError = (entry: ReadEntry): UploadError =>
  entry.meta
    ? notAnArchive(new Error(`an extended header of ${entry.size} bytes`))
    : new UploadError(
        400,
        'not-a-file',
        `The archive's entry ${JSON.stringify(entry.path)} is of an unknown type.`,
      );

/** Reads the gzipped tar at `file`, checking each entry's kind, path and size and the totals against `limits`. */
export function listArchive(
  file: string,
  limits: UploadLimits,
  capture: readonly string[],
): Promise<ArchiveListing> {
  return new Promise((resolve, reject) => {
    const tally = new ArchiveTally(limits);
    const captured = new Map<string, Buffer>();
    let settled = false;
    const input = createReadStream(file);
    const parser = new Parser({ strict: true });

    const refuse = (error: unknown) => {
      if (settled) return;
      settled = true;
      input.destroy();
      reject(error instanceof UploadError ? error : notAnArchive(error));
    };

    parser.on('entry', (entry: ReadEntry) => {
      if (settled) return entry.resume();
      let path: string | null;
      try {
        path = tally.add(entry);
      } catch (error) {
        entry.resume();
        return refuse(error);
      }
      if (path === null || !capture.includes(path)) return entry.resume();
      captureEntry(entry, path, captured, refuse);
    });
    parser.on('ignoredEntry', (entry: ReadEntry) => refuse(ignoredEntryError(entry)));
    parser.on('error', refuse);
    parser.on('end', () => {
      if (settled) return;
      if (tally.files.size === 0) return refuse(new Error('it holds no files'));
      settled = true;
      resolve({ files: tally.files, captured });
    });
    input.on('error', refuse);
    input.pipe(parser);
  });
}

/** node-tar's and zlib's errors, as the refusal of an upload that is not a gzipped tar of a build. */
export function notAnArchive(error: unknown): UploadError {
  // A file system error (ENAMETOOLONG while unpacking) names the host's path: only its code is the team's to read.
  const { code, syscall } = (error ?? {}) as NodeJS.ErrnoException;
  const message =
    syscall !== undefined
      ? `the disk refused one of its entries: ${code ?? 'error'}`
      : error instanceof Error
        ? error.message
        : String(error);
  // node-tar stops reading an archive that unpacks to over 1000 times its size (a gzip bomb).
  if (/decompression ratio/.test(message)) {
    return new UploadError(
      413,
      'too-large',
      `The archive unpacks to too much for its size (${message}): refused.`,
    );
  }
  return new UploadError(
    400,
    'not-an-archive',
    `The upload is not a gzipped tar archive of a build (${message}).`,
  );
}
