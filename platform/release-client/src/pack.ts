/**
 * Packs a build for the release service: a gzipped tar of a folder's files (regular files only, by relative
 * path, in a stable order, without owners or times), so the same build packs to the same bytes and digest.
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { contentDigestOf } from 'deploy-model/content-digest';
import { create } from 'tar';

export interface PackedBuild {
  archive: Buffer;
  /** The Content-Digest header to send with it. */
  digest: string;
}

export interface PackOptions {
  /** Folders (or files) of `dir` to pack, e.g. ['dist', 'dist-server'] for the shell; all of `dir` by default. */
  include?: readonly string[];
}

/** The gzipped tar of `dir`'s files (dist/'s files at the archive's root for a remote) and its digest. */
export async function packBuild(dir: string, options: PackOptions = {}): Promise<PackedBuild> {
  const files = (options.include ?? ['.']).flatMap((part) => filesIn(dir, part)).sort();
  if (files.length === 0) throw new Error(`${dir} holds no files to release: build it first`);
  const chunks: Buffer[] = [];
  const stream = create({ cwd: dir, gzip: true, portable: true, noMtime: true }, files);
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const archive = Buffer.concat(chunks);
  return { archive, digest: contentDigestOf(archive) };
}

/** Every file below dir/part, relative to dir with / separators; a symbolic link is refused rather than followed. */
function filesIn(dir: string, part: string): string[] {
  const root = join(dir, part);
  const stat = lstatSync(root, { throwIfNoEntry: false });
  if (!stat) throw new Error(`${root} does not exist: build it first`);
  const entries = stat.isDirectory()
    ? readdirSync(root, { recursive: true, withFileTypes: true }).map((entry) => ({
        path: join(entry.parentPath, entry.name),
        link: entry.isSymbolicLink(),
        file: entry.isFile(),
      }))
    : [{ path: root, link: stat.isSymbolicLink(), file: stat.isFile() }];
  const link = entries.find((entry) => entry.link);
  if (link) throw new Error(`${link.path} is a symbolic link: a build to release holds regular files only`);
  return entries.filter((entry) => entry.file).map((entry) => relative(dir, entry.path).split(sep).join('/'));
}
