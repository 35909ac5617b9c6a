/**
 * For the upload tests: archives written block by block with node-tar's Header and Pax, so a test can make the
 * entries a packer never would (links, devices, `..`, a NUL in a path, the same path twice) and nothing else
 * about the archive is wrong.
 */
import { gzipSync } from 'node:zlib';
import { contentDigestOf } from 'deploy-model/content-digest';
import { Header, Pax, type types } from 'tar';

export interface RawEntry {
  path: string;
  type?: types.EntryTypeName;
  body?: string | Buffer;
  linkpath?: string;
  mode?: number;
  /** Written as a pax extended header before the entry (how a NUL or a very long path gets into an archive). */
  pax?: { path: string };
}

const block = 512;
const padded = (bytes: Buffer) =>
  Buffer.concat([bytes, Buffer.alloc((block - (bytes.length % block)) % block)]);

/** An uncompressed tar of the entries, in order, with the two zero blocks that end an archive. */
export function tarOf(entries: readonly RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (entry.pax) parts.push(new Pax({ path: entry.pax.path }).encode());
    const body = Buffer.from(entry.body ?? '');
    const type = entry.type ?? 'File';
    const header = new Header({
      path: entry.path,
      type,
      size: type === 'File' ? body.length : 0,
      mode: entry.mode ?? (type === 'Directory' ? 0o755 : 0o644),
      uid: 1234,
      gid: 1234,
      mtime: new Date(0),
      linkpath: entry.linkpath,
    });
    const headerBlock = Buffer.alloc(block);
    header.encode(headerBlock, 0);
    parts.push(headerBlock);
    if (type === 'File') parts.push(padded(body));
  }
  parts.push(Buffer.alloc(block * 2));
  return Buffer.concat(parts);
}

/** The gzipped tar of the entries. */
export const archiveOf = (entries: readonly RawEntry[]) => gzipSync(tarOf(entries));

/** The smallest build of mf-marketing the service accepts: a manifest and the remote entry it names. */
export function marketingEntries(): RawEntry[] {
  return [
    {
      path: 'mf-manifest.json',
      body: JSON.stringify({
        id: 'mf_marketing',
        name: 'mf_marketing',
        metaData: {
          name: 'mf_marketing',
          remoteEntry: { name: 'static/js/mf_marketing.0123456789.js', path: '', type: 'global' },
        },
        shared: [],
        exposes: [{ name: 'Hero', assets: { js: { sync: ['static/js/async/hero.js'], async: [] } } }],
      }),
    },
    { path: 'static/js/mf_marketing.0123456789.js', body: 'console.log("entry");' },
    { path: 'static/js/async/hero.js', body: 'console.log("hero");' },
  ];
}

/** The headers a correct client sends with an archive. */
export const headersFor = (archive: Buffer) => ({
  contentType: 'application/gzip',
  contentDigest: contentDigestOf(archive),
  contentLength: archive.length,
});
