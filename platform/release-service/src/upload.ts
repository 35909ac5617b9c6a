/**
 * Receives a build sent to the release service: a gzipped tar (pack.ts makes it) with its Content-Digest.
 * Everything is checked before a file of the build is written: the headers, the size as declared and as
 * streamed, the digest, then every entry of the archive (archive-entries.ts) and what the build must hold
 * (build-contents.ts). Only then is it unpacked, into a fresh folder below `tempRoot`. Nothing is written
 * outside `tempRoot`, and a refusal leaves nothing there either. The body has a deadline (upload-limits.ts): one
 * that stalls or trickles is refused with 408 within seconds. Nothing here claims a scope: the service does that
 * once the build has arrived and been checked.
 */
import { createHash } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { ReleaseScope } from 'build-config/release-protocol';
import { releaseVersion, shellVersion } from 'deploy-folder/publish';
import { sha256OfContentDigest } from 'deploy-model/content-digest';
import { extract, type ReadEntry } from 'tar';
import { listArchive, notAnArchive } from './archive-entries.ts';
import { checkBuildContents, manifestPathOf } from './build-contents.ts';
import { UploadError } from './upload-error.ts';
import { inMegabytes, type UploadLimits, uploadLimits } from './upload-limits.ts';

export { UploadError, type UploadProblem } from './upload-error.ts';
export { type UploadLimits, uploadLimits } from './upload-limits.ts';

export interface UploadOptions {
  /** The request's Content-Length, if it sent one. */
  contentLength?: number | string | null;
  /** The request's Content-Digest (RFC 9530), `sha-256=:<base64>:`. */
  contentDigest?: string | null;
  /** The request's Content-Type: application/gzip. */
  contentType?: string | null;
  /** The remote (or shell) the build is sent for. */
  scope: ReleaseScope;
  /** A folder to unpack into (created if missing); each upload gets its own folder inside it. */
  tempRoot: string;
  /** The service's limits (uploadLimits of its settings); the defaults, none set, unless given. */
  limits?: UploadLimits;
}

export interface ReceivedBuild {
  /** The unpacked build: a remote's dist/ files, or the shell's dist/ and dist-server/. */
  dir: string;
  /** The version it would be published as (publish.ts), for the audit; none when the library would refuse it. */
  version?: string;
  /** Removes the unpacked build (and tempRoot, if the upload created it and it is empty again). */
  cleanup(): void;
}

const gzipTypes = new Set(['application/gzip', 'application/x-gzip']);

/** Checks and unpacks an uploaded build, or throws an UploadError saying why it was refused. */
export async function receiveBuildUpload(
  body: WebReadableStream | Readable | ReadableStream,
  options: UploadOptions,
): Promise<ReceivedBuild> {
  const limits = options.limits ?? uploadLimits();
  const sha256 = checkHeaders(options, limits);
  const createdRoot = !existsSync(options.tempRoot);
  mkdirSync(options.tempRoot, { recursive: true });
  const work = mkdtempSync(join(options.tempRoot, 'upload-'));
  const cleanup = () => {
    rmSync(work, { recursive: true, force: true });
    if (createdRoot && existsSync(options.tempRoot) && readdirSync(options.tempRoot).length === 0) {
      rmdirSync(options.tempRoot);
    }
  };
  try {
    const archive = join(work, 'build.tar.gz');
    const saved = await saveBody(body, archive, limits);
    if (saved.bytes === 0)
      throw new UploadError(400, 'not-an-archive', 'The upload is empty: send a gzipped tar of the build.');
    if (saved.sha256 !== sha256) {
      throw new UploadError(
        400,
        'integrity',
        `The upload's SHA-256 (${saved.sha256}) is not the one its Content-Digest gives (${sha256}): it was altered or cut short on its way. Nothing was published.`,
      );
    }
    if (!(await startsLikeGzip(archive))) {
      throw new UploadError(
        400,
        'not-an-archive',
        'The upload is not gzip-compressed: send a gzipped tar of the build.',
      );
    }
    const manifestPath = manifestPathOf(options.scope);
    const listing = await listArchive(archive, limits, [manifestPath]);
    checkBuildContents(options.scope, listing);
    const dir = join(work, 'build');
    mkdirSync(dir);
    await unpack(archive, dir);
    rmSync(archive);
    return { dir, ...versionOf(options.scope, dir), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** The SHA-256 (base64) the request's Content-Digest promises, once its type and declared size are right. */
function checkHeaders(options: UploadOptions, limits: UploadLimits): string {
  const mediaType = options.contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!gzipTypes.has(mediaType)) {
    throw new UploadError(
      415,
      'unsupported-media-type',
      `A build is sent as Content-Type: application/gzip, not ${mediaType ? JSON.stringify(mediaType) : 'without a Content-Type'}.`,
    );
  }
  const declared = options.contentLength;
  if (declared !== undefined && declared !== null && declared !== '' && Number(declared) > limits.maxBytes) {
    throw new UploadError(
      413,
      'too-large',
      `The upload declares ${inMegabytes(Number(declared))}, over the limit of ${inMegabytes(limits.maxBytes)}: refused before reading it.`,
    );
  }
  if (!options.contentDigest) {
    throw new UploadError(
      400,
      'integrity',
      'The upload has no Content-Digest header (sha-256=:<base64>: of the archive), so its integrity cannot be checked: refused.',
    );
  }
  const digest = sha256OfContentDigest(options.contentDigest);
  if ('problem' in digest) {
    throw new UploadError(400, 'integrity', `The upload's Content-Digest ${digest.problem}: refused.`);
  }
  return digest.sha256;
}

/**
 * Writes the body to `file`, hashing and counting as it goes, and stops at `maxBytes` or when it is late (408).
 * On a refusal it stops reading but does not destroy the request, so the HTTP server can still send the reply.
 */
async function saveBody(
  body: WebReadableStream | Readable | ReadableStream,
  file: string,
  { maxBytes, bodyGraceMs, minBytesPerSecond }: UploadLimits,
): Promise<{ bytes: number; sha256: string }> {
  const source = body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream);
  const out = createWriteStream(file);
  const hash = createHash('sha256');
  const started = Date.now();
  let bytes = 0;
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (error: unknown) => {
        clearTimeout(timer);
        source.off('data', onData);
        source.pause();
        reject(error);
      };
      // Each byte that arrives buys a little more time; when what arrived has bought no more, it is too late.
      const due = () => started + bodyGraceMs + (bytes / minBytesPerSecond) * 1000;
      const late = () =>
        stop(
          new UploadError(
            408,
            'timeout',
            `The upload stalled: ${bytes} bytes arrived in ${Math.round((Date.now() - started) / 1000)} s, slower than ${minBytesPerSecond / 1024} kB/s after the first ${bodyGraceMs / 1000} s. Nothing was published and nothing was held for it; send it again.`,
          ),
        );
      const watch = () => {
        clearTimeout(timer);
        timer = setTimeout(() => (Date.now() >= due() ? late() : watch()), Math.max(0, due() - Date.now()));
      };
      watch();
      const onData = (chunk: Buffer) => {
        bytes += chunk.length;
        watch();
        if (bytes > maxBytes) {
          return stop(
            new UploadError(
              413,
              'too-large',
              `The upload is larger than the limit of ${inMegabytes(maxBytes)}: refused.`,
            ),
          );
        }
        hash.update(chunk);
        if (!out.write(chunk)) {
          source.pause();
          out.once('drain', () => source.resume());
        }
      };
      source.on('data', onData);
      source.once('end', () => {
        clearTimeout(timer);
        out.end(resolve);
      });
      source.once('error', stop);
      out.once('error', stop);
    });
  } finally {
    clearTimeout(timer);
    out.destroy();
  }
  return { bytes, sha256: hash.digest('base64') };
}

function versionOf(scope: ReleaseScope, dir: string): { version?: string } {
  try {
    return {
      version:
        scope === 'shell' ? shellVersion(join(dir, 'dist'), join(dir, 'dist-server')) : releaseVersion(dir),
    };
  } catch {
    // The release itself refuses it, with its own message.
    return {};
  }
}

async function startsLikeGzip(file: string): Promise<boolean> {
  const handle = await open(file);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** Unpacks an archive listArchive accepted. Modes are the service's own and owners never the archive's. */
async function unpack(archive: string, dir: string) {
  try {
    await extract({
      file: archive,
      cwd: dir,
      strict: true,
      preserveOwner: false,
      filter: (_path, entry) => {
        // A build's files are read by the static host and the prerender: an archive's 0000 or setuid modes are not kept.
        (entry as ReadEntry).mode = (entry as ReadEntry).type === 'Directory' ? 0o755 : 0o644;
        return true;
      },
    });
  } catch (error) {
    // What the archive asks for (a name too long for the disk, an entry node-tar cannot write) is the upload's
    // fault; anything else (a full disk, a permission) is the host's, and stays a 500.
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code.startsWith('TAR_') || code === 'ENAMETOOLONG') throw notAnArchive(error);
    throw error;
  }
}
