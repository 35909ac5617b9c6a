/**
 * Preview links: one browser alone on a version of one remote (a published version, or a team's loopback dev
 * server), for a limited time. The static host checks a link's signature (platform/releases/src/preview/) and keeps it in
 * the `agency-preview` cookie; the shell reads the same cookie, unverified, only to show its banner and to send
 * no health beacons. Whoever writes the cookie by hand changes nothing but that: the host serves preview pages
 * and maps only for a cookie whose signature it checked. Browser-safe: the host, the release tooling and the
 * shell read one format.
 */
import { type RemoteName, remoteNames } from './remote-names.ts';

export const previewCookie = 'agency-preview';

/** The host's paths: open a link (`?token=…`), leave the preview. */
export const previewPaths = { open: '/__preview', exit: '/__preview/exit' } as const;

/** What one remote is on in a preview session (preview-session.ts, which reads and writes sessions). */
export type SessionPick = { live: true } | { version: string } | { dev: string };

/** A preview link a session was made from: revoking it (its id, its key, its remote's links) ends the session. */
export interface SessionGrant {
  remote: RemoteName;
  id?: string;
  by?: string;
  issued?: number;
}

export interface PreviewSession {
  picks: Partial<Record<RemoteName, SessionPick>>;
  grants: SessionGrant[];
}

/** What a link grants: one remote on one version (or a loopback dev server's origin), until `expires`. */
export interface PreviewClaim {
  remote: RemoteName;
  /** A published version of the remote (a preview link). */
  version?: string;
  /** A loopback dev server's origin (pnpm dev <remote> --against): its manifest is <dev>/mf-manifest.json. */
  dev?: string;
  /** Unix time in seconds. */
  expires: number;
  /** The link's own id, by which `pnpm release preview revoke` ends it alone. */
  id?: string;
  /** The release key that made it: revoking that key ends the link. */
  by?: string;
  /** Unix time in seconds it was made: revoking all of a remote's links ends those made before. */
  issued?: number;
  /**
   * Several remotes at once (preview-session.ts): set by the hosts' and the release service's check of the
   * signature only; the shell's reader below never reads it, so a visitor's page carries no code for it.
   */
  session?: PreviewSession;
}

const linkId = /^[A-Za-z0-9_-]{8,32}$/;
const keyName = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/**
 * A published version's name: the grammar of platform/deploy-model/src/version.ts (the rule, with its reasons),
 * which the browser cannot import; a test there holds the two patterns equal.
 */
export const versionName = /^(?!.*\.\.)[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/;

/** Hosts a dev origin may name: this machine's loopback only, never a host on the network. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin !== origin || url.username || url.password) return false;
  const host = url.hostname;
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

// btoa/atob exist in browsers and in Node; the payload is ASCII (names, versions, an origin, a number).
const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
// Padded before decoding: browsers and Node accept base64 without its "=", nginx's njs drops the last group.
const fromBase64Url = (text: string) => {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  return atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
};

export function encodePreviewClaim(claim: PreviewClaim): string {
  const { remote, version, dev, expires, id, by, issued } = claim;
  return toBase64Url(JSON.stringify({ remote, version, dev, expires, id, by, issued }));
}

/** The claim a token's payload holds, if it is well-formed (its signature is not checked here). */
export function decodePreviewClaim(payload: string): PreviewClaim | undefined {
  let parsed: Record<string, unknown>;
  try {
    if (!/^[A-Za-z0-9_-]{1,1024}$/.test(payload)) return undefined;
    parsed = JSON.parse(fromBase64Url(payload));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { remote, version, dev, expires, id, by, issued } = parsed;
  if (id !== undefined && (typeof id !== 'string' || !linkId.test(id))) return undefined;
  if (by !== undefined && (typeof by !== 'string' || !keyName.test(by))) return undefined;
  if (issued !== undefined && (typeof issued !== 'number' || !Number.isInteger(issued))) return undefined;
  if (!remoteNames.includes(remote as RemoteName)) return undefined;
  if (typeof expires !== 'number' || !Number.isInteger(expires)) return undefined;
  // Exactly one of a published version and a dev origin.
  if ((version === undefined) === (dev === undefined)) return undefined;
  if (version !== undefined && (typeof version !== 'string' || !versionName.test(version))) return undefined;
  if (dev !== undefined && (typeof dev !== 'string' || !isLoopbackOrigin(dev))) return undefined;
  return {
    remote: remote as RemoteName,
    ...(version === undefined ? {} : { version: version as string }),
    ...(dev === undefined ? {} : { dev: dev as string }),
    expires,
    ...(id === undefined ? {} : { id: id as string }),
    ...(by === undefined ? {} : { by: by as string }),
    ...(issued === undefined ? {} : { issued: issued as number }),
  };
}

/** A token is `<payload>.<signature>`, both base64url. */
export function splitPreviewToken(token: string): { payload: string; signature: string } | undefined {
  const match = /^([A-Za-z0-9_-]{1,1024})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { payload: match[1] as string, signature: match[2] as string } : undefined;
}

/** The token in a Cookie header (or document.cookie), if there is one. */
export function previewTokenIn(cookieHeader: string | undefined | null): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === previewCookie && value) return value;
  }
  return undefined;
}

/**
 * The claim of the preview this browser is in, as the shell reads it (unverified: it only shows the banner and
 * holds back beacons), or undefined when there is none or it has expired.
 */
export function previewClaimIn(
  cookieHeader: string | undefined | null,
  now = Date.now(),
): PreviewClaim | undefined {
  const token = previewTokenIn(cookieHeader);
  const parts = token ? splitPreviewToken(token) : undefined;
  const claim = parts ? decodePreviewClaim(parts.payload) : undefined;
  return claim && claim.expires * 1000 > now ? claim : undefined;
}
