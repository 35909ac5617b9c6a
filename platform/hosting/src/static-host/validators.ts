import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import fresh from 'fresh';

/** The representation a response sends: the file as it is, or compressed. */
export type Encoding = 'br' | 'gzip' | null;

interface ContentHash {
  mtimeMs: number;
  size: number;
  hash: string;
}

const contentHashes = new Map<string, ContentHash>();

/** A short hash of the file's bytes, computed again only when the file changes (a new mtime or size). */
function contentHash(file: string, mtimeMs: number, size: number): string {
  const cached = contentHashes.get(file);
  if (cached?.mtimeMs === mtimeMs && cached.size === size) return cached.hash;
  const hash = createHash('sha256').update(readFileSync(file)).digest('base64url').slice(0, 22);
  contentHashes.set(file, { mtimeMs, size, hash });
  return hash;
}

/**
 * The validators of one file as one representation. The entity tag comes from the file's content, so a file
 * published again unchanged (a release copies every file) still matches the copy a browser has. Each encoding
 * is its own representation with its own tag (RFC 9110, 8.8.3): the file's sibling `<file>.br` or `<file>.gz`
 * (precompress.ts) is made from it at publish. The tags are weak: publishing the same content again (another
 * zlib) may make other compressed bytes, so the bytes behind one tag may change while what they say does not.
 */
export function validatorsOf(
  file: string,
  { mtimeMs, size }: { mtimeMs: number; size: number },
  encoding: Encoding,
): { ETag: string; 'Last-Modified': string } {
  const hash = contentHash(file, mtimeMs, size);
  return {
    ETag: `W/"${hash}${encoding ? `-${encoding}` : ''}"`,
    'Last-Modified': new Date(mtimeMs).toUTCString(),
  };
}

/**
 * Whether the browser's copy is current (If-None-Match, else If-Modified-Since, as RFC 9110 13.2.2 orders
 * them; a reload's Cache-Control: no-cache is never answered from its copy). jshttp's fresh, the check
 * Express uses, reads them.
 */
export function notModified(request: IncomingMessage, validators: { ETag: string; 'Last-Modified': string }) {
  return fresh(request.headers, { etag: validators.ETag, 'last-modified': validators['Last-Modified'] });
}
