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

/** Reads the gzipped tar at `file`, checking each entry's kind, path and size and the totals against `limits`. */
export function listArchive(
  file: string,
  limits: UploadLimits,
  capture: readonly string[],
): Promise<ArchiveListing> {
  return new Promise((resolve, reject) => {
    const files = new Set<string>();
    const folders = new Set<string>();
    const captured = new Map<string, Buffer>();
    let entries = 0;
    let unpackedBytes = 0;
    let settled = false;
    const input = createReadStream(file);
    const parser = new Parser({ strict: true });

    const refuse = (error: unknown) => {
      if (settled) return;
      settled = true;
      input.destroy();
      reject(error instanceof UploadError ? error : notAnArchive(error));
    };

    const check = (entry: ReadEntry): string | null => {
      const kind = notAFile[entry.type];
      if (kind || (!regularFile.has(entry.type) && entry.type !== 'Directory')) {
        throw new UploadError(
          400,
          'not-a-file',
          `The archive's entry ${JSON.stringify(entry.path)} is ${kind ?? `a ${entry.type} entry`}; a build is regular files and folders only.`,
        );
      }
      const path = archivePath(entry.path);
      if (path === null) return null;
      entries += 1;
      if (entries > limits.maxEntries) {
        throw new UploadError(
          413,
          'too-many-files',
          `The archive holds more than ${limits.maxEntries} files and folders: refused.`,
        );
      }
      const isFile = entry.type !== 'Directory';
      if (files.has(path) || (isFile && folders.has(path))) {
        throw new UploadError(
          400,
          'duplicate-path',
          `The archive holds ${JSON.stringify(path)} twice: refused.`,
        );
      }
      const parents = path.split('/').slice(0, -1);
      for (let depth = 1; depth <= parents.length; depth++) {
        const parent = parents.slice(0, depth).join('/');
        if (files.has(parent)) {
          throw new UploadError(
            400,
            'duplicate-path',
            `The archive holds ${JSON.stringify(parent)} both as a file and as a folder: refused.`,
          );
        }
        folders.add(parent);
      }
      if (!isFile) {
        folders.add(path);
        return null;
      }
      unpackedBytes += entry.size;
      if (unpackedBytes > limits.maxUnpackedBytes) {
        throw new UploadError(
          413,
          'too-large',
          `The archive unpacks to more than ${inMegabytes(limits.maxUnpackedBytes)}: refused.`,
        );
      }
      files.add(path);
      return path;
    };

    parser.on('entry', (entry: ReadEntry) => {
      if (settled) return entry.resume();
      let path: string | null;
      try {
        path = check(entry);
      } catch (error) {
        entry.resume();
        return refuse(error);
      }
      if (path === null || !capture.includes(path)) return entry.resume();
      if (entry.size > maxCapturedBytes) {
        entry.resume();
        return refuse(
          new UploadError(
            400,
            'bad-manifest',
            `${path} is larger than ${inMegabytes(maxCapturedBytes)}: refused.`,
          ),
        );
      }
      const chunks: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => chunks.push(chunk));
      entry.on('end', () => captured.set(path, Buffer.concat(chunks)));
    });
    // node-tar skips entries of a type it does not know, and meta entries too large to read.
    parser.on('ignoredEntry', (entry: ReadEntry) =>
      refuse(
        entry.meta
          ? notAnArchive(new Error(`an extended header of ${entry.size} bytes`))
          : new UploadError(
              400,
              'not-a-file',
              `The archive's entry ${JSON.stringify(entry.path)} is of an unknown type.`,
            ),
      ),
    );
    parser.on('error', refuse);
    parser.on('end', () => {
      if (settled) return;
      if (files.size === 0) return refuse(new Error('it holds no files'));
      settled = true;
      resolve({ files, captured });
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
