/**
 * Checking a preview token, apart from how its HMAC is computed: token.ts hands in node:crypto's, nginx's njs
 * module (nginx/njs/) its own crypto's, so both hosts accept and refuse exactly the same links.
 */
import { decodePreviewClaim, type PreviewClaim, splitPreviewToken } from 'federation/preview';

/** Why a token is refused, in words the refusal page shows. */
export type TokenRefusal = 'malformed' | 'signature' | 'expired';

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
): { claim: PreviewClaim } | { refused: TokenRefusal } {
  const parts = token ? splitPreviewToken(token) : undefined;
  if (!parts) return { refused: 'malformed' };
  if (!signatureOf) return { refused: 'signature' };
  if (!sameText(signatureOf(parts.payload), parts.signature)) return { refused: 'signature' };
  const claim = decodePreviewClaim(parts.payload);
  if (!claim) return { refused: 'malformed' };
  if (claim.expires * 1000 <= now) return { refused: 'expired' };
  return { claim };
}
