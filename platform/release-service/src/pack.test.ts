import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { filesBelow } from 'deploy-folder/publish';
import { packBuild } from 'release-client/pack';
import { Parser, type ReadEntry } from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { marketingEntries } from '../testing/archives.ts';
import { receiveBuildUpload } from './upload.ts';

let work: string;
let build: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'pack-test-'));
  build = join(work, 'dist');
  for (const entry of marketingEntries()) {
    mkdirSync(join(build, entry.path, '..'), { recursive: true });
    writeFileSync(join(build, entry.path), entry.body ?? '');
  }
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

async function entriesOf(archive: Buffer): Promise<ReadEntry[]> {
  const entries: ReadEntry[] = [];
  const parser = new Parser({ strict: true });
  parser.on('entry', (entry: ReadEntry) => {
    entries.push(entry);
    entry.resume();
  });
  await new Promise((resolve, reject) => {
    parser.on('end', resolve);
    parser.on('error', reject);
    parser.end(archive);
  });
  return entries;
}

describe('packBuild', () => {
  it('gives the RFC 9530 Content-Digest of the archive it returns', async () => {
    const { archive, digest } = await packBuild(build);
    expect(digest).toBe(`sha-256=:${createHash('sha256').update(archive).digest('base64')}:`);
    expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  });

  it('packs the same files to the same bytes, whatever their times on disk', async () => {
    const first = await packBuild(build);
    utimesSync(join(build, 'mf-manifest.json'), new Date(2001, 1, 1), new Date(2001, 1, 1));
    const second = await packBuild(build);
    expect(second.digest).toBe(first.digest);
  });

  it('puts the folder’s files at the archive’s root, in order, without owners', async () => {
    const entries = await entriesOf((await packBuild(build)).archive);
    expect(entries.map((entry) => entry.path)).toEqual([
      'mf-manifest.json',
      'static/js/async/hero.js',
      'static/js/mf_marketing.0123456789.js',
    ]);
    expect(entries.every((entry) => entry.type === 'File' && !entry.uid && !entry.uname)).toBe(true);
  });

  it('packs only the folders it is told to (the shell’s dist/ and dist-server/)', async () => {
    mkdirSync(join(work, 'dist-server'));
    writeFileSync(join(work, 'dist-server', 'index.js'), 'module.exports = {}');
    writeFileSync(join(work, 'package.json'), '{}');
    const entries = await entriesOf((await packBuild(work, { include: ['dist', 'dist-server'] })).archive);
    expect(entries.map((entry) => entry.path)).toContain('dist-server/index.js');
    expect(entries.map((entry) => entry.path)).toContain('dist/mf-manifest.json');
    expect(entries.map((entry) => entry.path)).not.toContain('package.json');
  });

  it('refuses a build holding a symbolic link rather than packing what it points at', async () => {
    symlinkSync('/etc/hostname', join(build, 'static', 'host'));
    await expect(packBuild(build)).rejects.toThrow(/symbolic link/);
  });

  it('refuses an empty or missing folder', async () => {
    mkdirSync(join(work, 'empty'));
    await expect(packBuild(join(work, 'empty'))).rejects.toThrow(/no files/);
    await expect(packBuild(join(work, 'missing'))).rejects.toThrow(/does not exist/);
  });

  it('makes an archive receiveBuildUpload unpacks to the same files, byte for byte', async () => {
    const { archive, digest } = await packBuild(build);
    const received = await receiveBuildUpload(Readable.from([archive]), {
      scope: 'mf-marketing',
      tempRoot: join(work, 'uploads'),
      contentType: 'application/gzip',
      contentDigest: digest,
      contentLength: archive.length,
    });
    expect(filesBelow(received.dir)).toEqual(filesBelow(build));
    for (const file of filesBelow(build)) {
      expect(readFileSync(join(received.dir, file))).toEqual(readFileSync(join(build, file)));
    }
    received.cleanup();
  });
});
