/**
 * The Content-Digest header (RFC 9530) of an uploaded build: `sha-256=:<base64>:`. The client sends it with the
 * archive and the service refuses an archive whose bytes do not match, so a build altered or cut short on its
 * way (a proxy, a truncated CI artefact) is never published. Hand-written: parsing one dictionary member of a
 * structured header is a few lines, and no well-kept package does only that.
 */
import { createHash } from 'node:crypto';

/** The header value for some bytes. */
export function contentDigestOf(bytes: Uint8Array): string {
  return `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;
}

/**
 * The SHA-256 a Content-Digest header gives, as base64, or an explanation of why it gives none. Other
 * algorithms may be listed beside it (`sha-512=:…:, sha-256=:…:`); only sha-256 is checked.
 */
export function sha256OfContentDigest(header: string): { sha256: string } | { problem: string } {
  for (const member of header.split(',')) {
    const match = /^\s*([a-z0-9-]+)\s*=\s*:([A-Za-z0-9+/]*={0,2}):\s*$/.exec(member);
    if (!match) return { problem: `is not an RFC 9530 dictionary such as sha-256=:<base64>:` };
    const [, algorithm, value] = match;
    if (algorithm !== 'sha-256') continue;
    if (Buffer.from(value ?? '', 'base64').length !== 32)
      return { problem: 'has a sha-256 that is not 32 bytes' };
    return { sha256: value ?? '' };
  }
  return { problem: 'has no sha-256 (the only algorithm the service checks)' };
}
