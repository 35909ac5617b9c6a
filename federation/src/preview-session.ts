/**
 * A preview session (issue 44, item 2): one browser on chosen versions of several remotes at once (live, a
 * published version or preview, or a loopback dev server, per remote), for a limited time. It is a preview token
 * (preview.ts) whose claim also carries `session`: the pick of each remote and the grants it was made from.
 *
 * Who may pick what: a session is made by the release service only from preview links (grants) a key for each
 * remote made (`POST /sessions`), or from a session (`POST /sessions/switch`), and only for the remotes one of
 * those grants names; it never outlives the earliest of them, and revoking any of them ends it. So one team's
 * key never reaches another remote, and visitors are never moved: the host serves the session's pages and map to
 * the browser holding it alone.
 *
 * The claim's own `remote` and `version`/`dev` (the lead pick: the dev server when there is one) keep the shell's
 * cookie reader (preview.ts, in every visitor's page) as it was: that code is unchanged, and this file is read by
 * the hosts, the release service and the preview banner's chunk only, so a visitor's page carries none of it.
 * Browser-safe.
 *
 * Nothing here imports a value from preview.ts: the banner's chunk importing one would make the visitor's own
 * chunk, which holds preview.ts, export it (about 60 bytes more for every visitor). So the few rules it shares
 * with preview.ts (the cookie's name, a token's shape, a version's name, a loopback origin) are written again
 * below, and preview-session.test.ts holds both copies to the same answers.
 */
import type { PreviewClaim, PreviewSession, SessionGrant, SessionPick } from './preview.ts';
import { type RemoteName, remoteNames } from './remote-names.ts';

export type { PreviewSession, SessionGrant, SessionPick };

/**
 * The site's paths the page devtools send a session's requests to (make one from links, switch a remote, read
 * the choices); the host passes them on to the release service's `/sessions`, `/sessions/switch`,
 * `/sessions/options`.
 */
export const previewSessionPaths = {
  join: '/__preview/session',
  switch: '/__preview/session/switch',
  options: '/__preview/session/options',
} as const;

/** One remote of a session as `/sessions/options` answers it: what it is on and what it may be switched to. */
export interface RemoteChoices {
  remote: RemoteName;
  folder: string;
  pick: SessionPick;
  /** The version every visitor gets now (the live map's default). */
  live?: string;
  /** Published versions on this site, newest first. */
  versions: string[];
  /** Versions with an open preview. */
  previews: string[];
  /** Where `pnpm dev <remote> --against` runs it by default. */
  devServer: string;
}

/** `/sessions/options`' answer: until when the session holds, and each of its remotes' choices. */
export interface SessionChoices {
  until: string;
  remotes: RemoteChoices[];
}

/** A claim that holds a session (its `id` names the session's map, releases/sessions/<id>.json). */
export type SessionClaim = PreviewClaim & { session: PreviewSession };

/** preview.ts's previewCookie. */
export const sessionCookieName = 'agency-preview';

/** preview.ts's versionName (platform/deploy-model/src/version.ts's grammar). */
const versionName = /^(?!.*\.\.)[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/;

/** preview.ts's isLoopbackOrigin: this machine's loopback only, never a host on the network. */
export function isLoopback(origin: string): boolean {
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

/** preview.ts's previewTokenIn: the token in a Cookie header (or document.cookie), if there is one. */
export function sessionTokenIn(cookieHeader: string | undefined | null): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === sessionCookieName && value) return value;
  }
  return undefined;
}

const linkId = /^[A-Za-z0-9_-]{8,32}$/;
const keyName = /^[a-z0-9][a-z0-9._-]{0,63}$/;

const toBase64Url = (text: string) => btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
const fromBase64Url = (text: string) => {
  const base64 = text.replaceAll('-', '+').replaceAll('_', '/');
  return atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pickOf(value: unknown): SessionPick | undefined {
  if (!isRecord(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  if (value.live === true) return { live: true };
  if (typeof value.version === 'string' && versionName.test(value.version)) return { version: value.version };
  if (typeof value.dev === 'string' && isLoopback(value.dev)) return { dev: value.dev };
  return undefined;
}

function grantOf(value: unknown): SessionGrant | undefined {
  if (!isRecord(value) || !remoteNames.includes(value.remote as RemoteName)) return undefined;
  const { id, by, issued } = value;
  if (id !== undefined && (typeof id !== 'string' || !linkId.test(id))) return undefined;
  if (by !== undefined && (typeof by !== 'string' || !keyName.test(by))) return undefined;
  if (issued !== undefined && (typeof issued !== 'number' || !Number.isInteger(issued))) return undefined;
  return {
    remote: value.remote as RemoteName,
    ...(id === undefined ? {} : { id: id as string }),
    ...(by === undefined ? {} : { by: by as string }),
    ...(issued === undefined ? {} : { issued: issued as number }),
  };
}

/**
 * The session a parsed `session` field holds, if it is well-formed: every pick of a remote a grant names, at
 * least one pick, at most one dev server (the shell runs unsealed code from one loopback origin only).
 */
export function sessionOf(value: unknown): PreviewSession | undefined {
  if (!isRecord(value) || !isRecord(value.picks) || !Array.isArray(value.grants)) return undefined;
  const grants = value.grants.map(grantOf);
  if (grants.length === 0 || grants.some((grant) => grant === undefined)) return undefined;
  const granted = new Set(grants.map((grant) => grant?.remote));
  const picks: PreviewSession['picks'] = {};
  for (const [remote, raw] of Object.entries(value.picks)) {
    const pick = pickOf(raw);
    if (!pick || !granted.has(remote as RemoteName)) return undefined;
    picks[remote as RemoteName] = pick;
  }
  const chosen = Object.values(picks);
  if (chosen.length === 0 || chosen.filter((pick) => 'dev' in pick).length > 1) return undefined;
  return { picks, grants: grants as SessionGrant[] };
}

/**
 * The session a cookie holds, unchecked (as the shell reads a preview's claim: only to show the banner and the
 * switcher; the host and the service check the signature).
 */
export function sessionInCookie(cookieHeader: string | undefined | null): PreviewSession | undefined {
  const payload = /^([A-Za-z0-9_-]{1,1024})\.[A-Za-z0-9_-]{43}$/.exec(
    sessionTokenIn(cookieHeader) ?? '',
  )?.[1];
  return payload ? decodeSessionPart(payload) : undefined;
}

/** The session in a token's payload (its signature checked elsewhere), or undefined for a one-remote link. */
export function decodeSessionPart(payload: string): PreviewSession | undefined {
  try {
    if (!/^[A-Za-z0-9_-]{1,1024}$/.test(payload)) return undefined;
    const parsed = JSON.parse(fromBase64Url(payload));
    return isRecord(parsed) && parsed.session !== undefined ? sessionOf(parsed.session) : undefined;
  } catch {
    return undefined;
  }
}

/** The payload of a session claim: preview.ts's fields, which the shell reads, and the session. */
export function encodeSessionClaim(claim: SessionClaim): string {
  const { remote, version, dev, expires, id, by, issued, session } = claim;
  return toBase64Url(JSON.stringify({ remote, version, dev, expires, id, by, issued, session }));
}

/**
 * The lead pick the claim's own fields name (what the shell's cookie reader sees): the dev server if there is
 * one, else the first published version; with every remote live, the first remote on `liveVersion`.
 */
export function leadOf(
  picks: PreviewSession['picks'],
  liveVersion: (remote: RemoteName) => string,
): Pick<PreviewClaim, 'remote' | 'version' | 'dev'> {
  const entries = Object.entries(picks) as Array<[RemoteName, SessionPick]>;
  const dev = entries.find(([, pick]) => 'dev' in pick);
  if (dev) return { remote: dev[0], dev: (dev[1] as { dev: string }).dev };
  const version = entries.find(([, pick]) => 'version' in pick);
  if (version) return { remote: version[0], version: (version[1] as { version: string }).version };
  const [first] = entries[0] as [RemoteName, SessionPick];
  return { remote: first, version: liveVersion(first) };
}

/** "mf_portfolio 1.0.0-…, mf_contact from http://localhost:3103, mf_marketing live": for the banner and replies. */
export function describePicks(
  picks: PreviewSession['picks'],
  nameOf: (remote: RemoteName) => string,
): string {
  return (Object.entries(picks) as Array<[RemoteName, SessionPick]>)
    .map(([remote, pick]) => {
      if ('version' in pick) return `${nameOf(remote)} ${pick.version}`;
      if ('dev' in pick) return `${nameOf(remote)} from ${pick.dev}`;
      return `${nameOf(remote)} live`;
    })
    .join(', ');
}
