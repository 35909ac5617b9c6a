/**
 * Preview sessions (issue 44, item 2; federation/preview-session.ts): several remotes at once in one browser,
 * each on live, a published version or preview, or a loopback dev server. What a session may name comes only
 * from preview links (grants) a key for each remote made: joining links keeps each link's remote and pick,
 * switching changes the pick of a remote a grant of the session names, never adds one, and a session never
 * outlives the earliest of its grants. So no key, and no link, reaches a remote it was not made for, and a
 * visitor is never moved (only the browser holding the session is served its versions).
 */
import { type RemoteName, remoteNames, remotes } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import { readPreviewRevocations } from 'deploy-folder/preview/revocations';
import { issueSession } from 'deploy-folder/preview/session';
import { previewLink, siteOrigin, verifyPreviewToken } from 'deploy-folder/preview/token';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { isVersionName, versionGrammar } from 'deploy-model/version';
import { isLoopbackOrigin, type PreviewClaim } from 'federation/preview';
import {
  describePicks,
  type PreviewSession,
  type RemoteChoices,
  type SessionChoices,
  type SessionGrant,
  type SessionPick,
} from 'federation/preview-session';
import { UsageError } from 'platform-kit/cli';

/** A request about a session refused: `status` 400 (bad input), 403 (not granted) or 410 (ended). */
export class SessionRefusal extends UsageError {
  override name = 'SessionRefusal';
  constructor(
    readonly status: 400 | 403 | 410,
    readonly problem: string,
    message: string,
  ) {
    super(message);
  }
}

const nameOf = (remote: RemoteName) => remotes[remote].folder;

/** The token of a link as printed (`…/__preview?token=<token>`), or the token itself. */
const tokenOf = (link: string) => /[?&]token=([^&#\s]+)/.exec(link)?.[1] ?? link.trim();

/** A link's or a session's claim, checked as the hosts check it; else a refusal that says why. */
export function verifiedClaim(deploy: Deploy, link: unknown, what: string, now = Date.now()): PreviewClaim {
  if (typeof link !== 'string' || link.length === 0 || link.length > 4096)
    throw new SessionRefusal(400, 'usage', `${what} must be a preview link as printed, or its token.`);
  const verified = verifyPreviewToken(
    deploy.previewSecret(),
    tokenOf(link),
    now,
    readPreviewRevocations(deploy.path),
  );
  if ('claim' in verified) return verified.claim;
  if (verified.refused === 'expired')
    throw new SessionRefusal(
      410,
      'expired',
      `${what} has expired: ask for a new preview link. Nothing changed.`,
    );
  if (verified.refused === 'revoked')
    throw new SessionRefusal(
      410,
      'revoked',
      `${what} was revoked: ask for a new preview link. Nothing changed.`,
    );
  throw new SessionRefusal(
    400,
    'usage',
    `${what} is not a preview link of this site (changed, cut short, or made for another site). Nothing changed.`,
  );
}

/** The picks and grants a claim holds: a session's own, or a one-remote link's single pick. */
function partsOf(claim: PreviewClaim): PreviewSession {
  if (claim.session) return claim.session;
  const pick: SessionPick = claim.version ? { version: claim.version } : { dev: claim.dev as string };
  const grant: SessionGrant = {
    remote: claim.remote,
    ...(claim.id === undefined ? {} : { id: claim.id }),
    ...(claim.by === undefined ? {} : { by: claim.by }),
    ...(claim.issued === undefined ? {} : { issued: claim.issued }),
  };
  return { picks: { [claim.remote]: pick }, grants: [grant] };
}

/** A remote named as the commands name it (mf-portfolio) or as the page does (mf_portfolio). */
export function remoteNamed(raw: unknown): RemoteName {
  const found = remoteNames.find((name) => raw === name || raw === remotes[name].folder);
  if (!found)
    throw new SessionRefusal(
      400,
      'usage',
      `"remote" must be one of ${remoteNames.map(nameOf).join(', ')}, got ${JSON.stringify(raw)}.`,
    );
  return found;
}

/** `"live"`, `{ "version": "…" }` or `{ "dev": "http://localhost:<port>" }`. */
export function pickOf(raw: unknown): SessionPick {
  if (raw === 'live') return { live: true };
  const value = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const keys = Object.keys(value);
  if (keys.length === 1 && typeof value.version === 'string') {
    if (!isVersionName(value.version))
      throw new SessionRefusal(400, 'usage', `"to.version" must be a published version (${versionGrammar}).`);
    return { version: value.version };
  }
  if (keys.length === 1 && typeof value.dev === 'string') {
    if (!isLoopbackOrigin(value.dev))
      throw new SessionRefusal(
        400,
        'usage',
        `"to.dev" must be a dev server on this machine (http://localhost:<port>, 127.0.0.1, [::1]), got "${value.dev}".`,
      );
    return { dev: value.dev };
  }
  throw new SessionRefusal(
    400,
    'usage',
    '"to" must be "live", { "version": "<a published version>" } or { "dev": "http://localhost:<port>" }.',
  );
}

export interface SessionReply {
  /** The link that opens the session (as a preview link does). */
  link: string;
  token: string;
  /** ISO time the session ends. */
  until: string;
  /** Each remote's pick, by the remote's folder name. */
  picks: Record<string, SessionPick>;
  text: string;
}

function issued(
  deploy: Deploy,
  session: PreviewSession,
  expires: number,
  settings: ChangeSettings,
): SessionReply & { id: string } {
  const live = deploy.defaultVersions();
  const { token, id } = issueSession(deploy.path, deploy.ensurePreviewSecret(), {
    session,
    expires,
    liveVersion: (remote) => live[remote]?.version ?? 'unknown',
    addresses: { portBase: settings.portBase, remotesOrigin: settings.remotesOrigin },
  });
  const until = new Date(expires * 1000).toISOString();
  const picks = Object.fromEntries(
    (Object.entries(session.picks) as Array<[RemoteName, SessionPick]>).map(([remote, pick]) => [
      nameOf(remote),
      pick,
    ]),
  );
  return {
    id,
    link: previewLink(siteOrigin({ siteOrigin: settings.siteUrl, ...settings }), token),
    token,
    until,
    picks,
    text: `This browser alone sees ${describePicks(session.picks, nameOf)} until ${until}; everyone else gets the live site.`,
  };
}

/**
 * `POST /sessions { links: [...] }`: one session from preview links (and sessions) of this site, each given as
 * printed or as its token. A later link's remotes replace an earlier one's; the session ends with the first of
 * them to expire.
 */
export function joinLinks(deploy: Deploy, links: unknown, settings: ChangeSettings) {
  if (!Array.isArray(links) || links.length === 0 || links.length > remoteNames.length + 1)
    throw new SessionRefusal(
      400,
      'usage',
      `"links" must be a list of 1 to ${remoteNames.length + 1} preview links (or sessions) of this site.`,
    );
  const picks: PreviewSession['picks'] = {};
  let grants: SessionGrant[] = [];
  let expires = Number.POSITIVE_INFINITY;
  links.forEach((link, index) => {
    const claim = verifiedClaim(deploy, link, `Link ${index + 1} of "links"`);
    const parts = partsOf(claim);
    const named = new Set(parts.grants.map((grant) => grant.remote));
    grants = [...grants.filter((grant) => !named.has(grant.remote)), ...parts.grants];
    for (const remote of named) delete picks[remote];
    Object.assign(picks, parts.picks);
    expires = Math.min(expires, claim.expires);
  });
  const devs = Object.values(picks).filter((pick) => 'dev' in pick).length;
  if (devs > 1)
    throw new SessionRefusal(
      400,
      'usage',
      'Those links name more than one dev server: a browser loads unsealed code from one dev server at a time. Nothing changed.',
    );
  return issued(deploy, { picks, grants }, expires, settings);
}

/**
 * `POST /sessions/switch { session, remote, to }`: the same session with one remote on another pick. Only a
 * remote a link of the session was made for; the session keeps its grants and its end.
 */
export function switchRemote(deploy: Deploy, body: Record<string, unknown>, settings: ChangeSettings) {
  const claim = verifiedClaim(deploy, body.session, '"session"');
  const remote = remoteNamed(body.remote);
  const to = pickOf(body.to);
  const { picks, grants } = partsOf(claim);
  if (!grants.some((grant) => grant.remote === remote))
    throw new SessionRefusal(
      403,
      'forbidden',
      `This session holds no preview link of ${nameOf(remote)}: add one made by its team (pnpm release preview ${nameOf(remote)} <version>) first. Nothing changed.`,
    );
  const otherDev = (Object.entries(picks) as Array<[RemoteName, SessionPick]>).find(
    ([name, pick]) => name !== remote && 'dev' in pick,
  );
  if ('dev' in to && otherDev)
    throw new SessionRefusal(
      400,
      'usage',
      `${nameOf(otherDev[0])} is on a dev server already: a browser loads unsealed code from one dev server at a time. Switch it first. Nothing changed.`,
    );
  return issued(deploy, { picks: { ...picks, [remote]: to }, grants }, claim.expires, settings);
}

/** How many published versions a remote's choices list (newest first). */
const listedVersions = 20;

/** `POST /sessions/options { session }`: for each remote of the session, what it may be switched to. */
export function sessionChoices(deploy: Deploy, body: Record<string, unknown>): SessionChoices {
  const claim = verifiedClaim(deploy, body.session, '"session"');
  const { picks, grants } = partsOf(claim);
  const live = deploy.defaultVersions();
  const previews = deploy.openPreviews();
  const granted = remoteNames.filter((remote) => grants.some((grant) => grant.remote === remote));
  const remotesChoices: RemoteChoices[] = granted.map((remote) => ({
    remote,
    folder: nameOf(remote),
    pick: picks[remote] ?? { live: true },
    ...(live[remote] ? { live: live[remote]?.version } : {}),
    versions: deploy
      .publishedVersions(nameOf(remote))
      .map(({ version }) => version)
      .reverse()
      .slice(0, listedVersions),
    previews: previews.filter((preview) => preview.remote === remote).map(({ version }) => version),
    devServer: `http://localhost:${3100 + remotes[remote].offset}`,
  }));
  return { until: new Date(claim.expires * 1000).toISOString(), remotes: remotesChoices };
}
