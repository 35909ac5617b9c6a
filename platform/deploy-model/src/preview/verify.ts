/**
 * Checking a preview token, apart from how its HMAC is computed: token.ts hands in node:crypto's, nginx's njs
 * module (nginx/njs/) its own crypto's, so both hosts accept and refuse exactly the same links.
 */
import { decodePreviewClaim, type PreviewClaim, splitPreviewToken } from 'federation/preview';
import { decodeSessionPart, type SessionGrant } from 'federation/preview-session';

/** Why a token is refused, in words the refusal page shows. */
export type TokenRefusal = 'malformed' | 'signature' | 'expired' | 'revoked';

/**
 * The links ended before they expire (releases/preview-revocations.json, read by both hosts): by id (one link),
 * by the key that made them (a revoked key), or every link of a remote made up to a time (Unix seconds).
 */
export interface PreviewRevocations {
  links: readonly string[];
  keys: readonly string[];
  remotes: Readonly<Record<string, number>>;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** The revocations in a parsed file (anything else in it ignored); none for a missing or broken one. */
export function revocationsOf(parsed: unknown): PreviewRevocations {
  const value = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const remotes: Record<string, number> = {};
  if (typeof value.remotes === 'object' && value.remotes !== null)
    for (const [remote, before] of Object.entries(value.remotes as Record<string, unknown>))
      if (typeof before === 'number') remotes[remote] = before;
  return { links: strings(value.links), keys: strings(value.keys), remotes };
}

function isRevoked(link: SessionGrant, revoked: PreviewRevocations): boolean {
  if (link.id !== undefined && revoked.links.includes(link.id)) return true;
  if (link.by !== undefined && revoked.keys.includes(link.by)) return true;
  const before = revoked.remotes[link.remote];
  // A link made before links carried the time they were made counts as made at 0.
  return before !== undefined && (link.issued ?? 0) <= before;
}

/** A session (federation/preview-session.ts) ends with any link it was made from, and by its own id. */
const claimRevoked = (claim: PreviewClaim, revoked: PreviewRevocations | undefined): boolean =>
  revoked !== undefined &&
  (isRevoked(claim, revoked) || (claim.session?.grants ?? []).some((grant) => isRevoked(grant, revoked)));

/** Compares in time that depends on the length only, so a forger learns nothing from how long a check took. */
function sameText(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let index = 0; index < expected.length; index += 1) {
    difference |= expected.charCodeAt(index) ^ given.charCodeAt(index);
  }
  return difference === 0;
}

/**
 * The claim of a token whose signature holds and which has not expired; else why not. `signatureOf` signs a
 * payload with the deploy's secret (undefined before any link was made: then no link is valid). The signature
 * is checked before the payload is read at all, so nothing of a forged token reaches the rest of the host.
 */
export function checkPreviewToken(
  signatureOf: ((payload: string) => string) | undefined,
  token: string | undefined,
  now: number,
  revoked?: PreviewRevocations,
): { claim: PreviewClaim } | { refused: TokenRefusal } {
  const parts = token ? splitPreviewToken(token) : undefined;
  if (!parts) return { refused: 'malformed' };
  if (!signatureOf) return { refused: 'signature' };
  if (!sameText(signatureOf(parts.payload), parts.signature)) return { refused: 'signature' };
  const read = decodePreviewClaim(parts.payload);
  if (!read) return { refused: 'malformed' };
  const session = decodeSessionPart(parts.payload);
  const claim = session ? { ...read, session } : read;
  if (claim.expires * 1000 <= now) return { refused: 'expired' };
  if (claimRevoked(claim, revoked)) return { refused: 'revoked' };
  return { claim };
}
