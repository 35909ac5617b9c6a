/**
 * Preview sessions on disk (federation/preview-session.ts): the release service signs a session with the
 * deploy's preview secret, as it signs a link, and writes beside it the versions file both hosts serve the
 * session's map from (releases/sessions/<id>.json: each non-live remote's manifest URL and the integrity its
 * release sealed; a dev server's entry has none). The picks are checked here, so a session never names a version
 * this site has not published.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import { previewSessionFile } from 'deploy-model/layout';
import {
  encodeSessionClaim,
  leadOf,
  type PreviewSession,
  type SessionClaim,
  type SessionPick,
} from 'federation/preview-session';
import type { ResolvedRemote } from 'federation/remote-map';
import type { SiteAddresses } from 'platform-kit/settings/site';
import { keepPrivate, releasesFolder } from '../private-files.ts';
import { manifestUrl } from '../publish.ts';
import { versionEntry, writeFileAtomic } from '../remote-map-file.ts';
import { newLinkId, PreviewError, signatureOf } from './token.ts';

/** How long a session file is kept after it was written: the longest a link lasts (168 hours), and a day. */
const keptMs = (168 + 24) * 3600 * 1000;

/** The manifest URL and integrity of each remote the session does not keep live. */
export function sessionVersions(
  deploy: string,
  picks: PreviewSession['picks'],
  addresses: SiteAddresses,
): Partial<Record<RemoteName, ResolvedRemote>> {
  const versions: Partial<Record<RemoteName, ResolvedRemote>> = {};
  for (const [remote, pick] of Object.entries(picks) as Array<[RemoteName, SessionPick]>) {
    if ('dev' in pick) versions[remote] = { url: `${pick.dev}/mf-manifest.json`, version: 'dev' };
    if (!('version' in pick)) continue;
    const { folder } = remotes[remote];
    if (!existsSync(join(deploy, folder, pick.version, 'mf-manifest.json')))
      throw new PreviewError(`${folder} ${pick.version} is not published on this site. Nothing changed.`);
    const entry = versionEntry(deploy, remote, manifestUrl(remote, pick.version, addresses), {
      traffic: 0,
      default: false,
    });
    versions[remote] = {
      url: entry.url,
      version: pick.version,
      integrity: entry.metadata.integrity as string,
    };
  }
  return versions;
}

/** Session files older than any session can be (expired ones are never served anyway). */
function dropOldSessionFiles(folder: string, now: number) {
  for (const name of readdirSync(folder)) {
    const file = join(folder, name);
    try {
      if (now - statSync(file).mtimeMs > keptMs) rmSync(file, { force: true });
    } catch {
      // Gone already: another writer cleaned it.
    }
  }
}

/**
 * Signs a session and writes its versions file; returns the token. `expires` is the earliest of its grants' (the
 * caller's rule: a session never outlives a link it was made from); `liveVersion` names the lead pick when every
 * remote is live (preview-session.ts's leadOf).
 */
export function issueSession(
  deploy: string,
  secret: string,
  {
    session,
    expires,
    by,
    liveVersion,
    addresses,
    now = new Date(),
  }: {
    session: PreviewSession;
    expires: number;
    by?: string;
    liveVersion: (remote: RemoteName) => string;
    addresses: SiteAddresses;
    now?: Date;
  },
): { token: string; id: string } {
  const versions = sessionVersions(deploy, session.picks, addresses);
  const id = newLinkId();
  const claim: SessionClaim = {
    ...leadOf(session.picks, liveVersion),
    expires,
    id,
    issued: Math.floor(now.getTime() / 1000),
    ...(by === undefined ? {} : { by }),
    session,
  };
  const payload = encodeSessionClaim(claim);
  // The shell's cookie reader takes a payload of at most 1024 characters (federation/preview.ts).
  if (payload.length > 1024)
    throw new PreviewError('That session names too many links to fit in a browser cookie. Nothing changed.');
  const file = previewSessionFile(deploy, id);
  releasesFolder(deploy);
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  dropOldSessionFiles(dirname(file), now.getTime());
  writeFileAtomic(file, `${JSON.stringify({ remotes: versions }, null, 2)}\n`);
  keepPrivate(file);
  return { token: `${payload}.${signatureOf(secret, payload)}`, id };
}
