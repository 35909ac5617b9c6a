/**
 * Signing and checking preview links. A link is `<site>/__preview?token=<payload>.<signature>`: the payload the
 * claim (federation/preview.ts), the signature its HMAC-SHA256 under a secret kept in the deploy folder
 * (releases/preview.secret, mode 0600, created like the operator key). node:crypto's HMAC is all it takes, so no
 * library: the format is two base64url parts, and the comparison is constant-time.
 */

import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { originAt, type remotes, shell } from 'build-config/topology';
import { previewSecretFile } from 'deploy-model/layout';
import { checkPreviewToken, type PreviewRevocations, type TokenRefusal } from 'deploy-model/preview/verify';
import { encodePreviewClaim, isLoopbackOrigin, type PreviewClaim, previewPaths } from 'federation/preview';
import { UsageError } from 'platform-kit/cli';
import { keepPrivate, releasesFolder } from '../private-files.ts';

export type { TokenRefusal } from 'deploy-model/preview/verify';

/** The deploy's preview secret, created (mode 0600) the first time it is asked for. */
export function ensurePreviewSecret(deploy: string): string {
  const file = previewSecretFile(deploy);
  releasesFolder(deploy);
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Already there (perhaps written a moment ago by another process): that one stays the secret.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  keepPrivate(file);
  return readPreviewSecret(deploy) ?? '';
}

/** The secret, or undefined before any link was made: then no link can be valid. */
export function readPreviewSecret(deploy: string): string | undefined {
  const file = previewSecretFile(deploy);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload, 'ascii').digest('base64url');

export function signPreviewClaim(secret: string, claim: PreviewClaim): string {
  const payload = encodePreviewClaim(claim);
  return `${payload}.${signatureOf(secret, payload)}`;
}

/**
 * The claim of a token whose signature holds and which has not expired; else why not (verify.ts, which nginx's
 * njs module shares).
 */
export function verifyPreviewToken(
  secret: string | undefined,
  token: string | undefined,
  now = Date.now(),
  revoked?: PreviewRevocations,
): { claim: PreviewClaim } | { refused: TokenRefusal } {
  return checkPreviewToken(
    secret ? (payload) => signatureOf(secret, payload) : undefined,
    token,
    now,
    revoked,
  );
}

/** A new link's id: 12 random bytes, base64url. */
export const newLinkId = () => randomBytes(12).toString('base64url');

/**
 * How long a link lasts: the command's --hours (`raw`), else the release service settings' previewHours
 * (AGENCY_PREVIEW_HOURS), else 2; at most a week.
 */
export function previewHours(raw: string | undefined, configured: string | undefined): number {
  const text = raw ?? configured ?? '';
  if (text === '') return 2;
  const hours = Number(text);
  if (!Number.isFinite(hours) || hours <= 0 || hours > 168)
    throw new PreviewError(`A preview lasts more than 0 and at most 168 hours, got "${text}".`);
  return hours;
}

/** A preview refused before anything changed (a bad duration, a dev origin off this machine): a usage error. */
export class PreviewError extends UsageError {
  override name = 'PreviewError';
}

/**
 * The origin visitors open the site at: AGENCY_SITE_URL's origin (the checked site URL of the change's settings),
 * else the shell's local origin on the port base.
 */
export function siteOrigin(site: { siteOrigin: string | undefined; portBase: number }): string {
  return site.siteOrigin ?? originAt(shell, site.portBase);
}

export function previewLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${previewPaths.open}?token=${token}`;
}

/** A signed link to a loopback dev server of one remote; anything but a loopback origin is refused. */
export function devOverrideToken(
  secret: string,
  remote: keyof typeof remotes,
  dev: string,
  hours: number,
  by?: string,
) {
  if (!isLoopbackOrigin(dev))
    throw new PreviewError(
      `Only a dev server on this machine (http://localhost:<port>, 127.0.0.1, [::1]) can be previewed, got "${dev}".`,
    );
  const issued = Math.floor(Date.now() / 1000);
  return signPreviewClaim(secret, {
    remote,
    dev,
    expires: Math.floor(issued + hours * 3600),
    id: newLinkId(),
    issued,
    ...(by === undefined ? {} : { by }),
  });
}
