/**
 * The previews open now: releases/previews.json lists each remote version a link was made for and until when.
 * writePages (../pages.ts) writes a set of pages for each, prerendered with that version and the other remotes'
 * defaults, and its pinned remotes.json, into pages/previews/<folder>/<version>/; a preview that has expired is
 * left out the next time the pages are written. Nothing here touches the remote map: a preview takes no traffic.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteName, remoteNames } from 'build-config/topology';
import { isVersionName } from 'deploy-model/version';
import { defaultRemoteMap, type RemoteMapDocument, type ResolvedRemoteMap } from 'federation/remote-map';
import type { SiteAddresses } from 'platform-kit/settings/site';
import { releasesFolder } from '../private-files.ts';
import { manifestUrl } from '../publish.ts';
import { versionEntry, writeFileAtomic } from '../remote-map-file.ts';

export interface OpenPreview {
  remote: RemoteName;
  version: string;
  /** ISO time: the latest expiry of a link made for it. */
  until: string;
}

export const previewsFile = (deploy: string) => join(deploy, 'releases', 'previews.json');

export { previewPagesDir } from 'deploy-model/preview/folders';

function readAll(deploy: string): OpenPreview[] {
  const file = previewsFile(deploy);
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8'));
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is OpenPreview =>
            remoteNames.includes(entry?.remote) &&
            typeof entry.version === 'string' &&
            isVersionName(entry.version) &&
            !Number.isNaN(Date.parse(entry.until)),
        )
      : [];
  } catch {
    // A broken list only means no preview pages until the next link is made.
    return [];
  }
}

export function openPreviews(deploy: string, now = new Date()): OpenPreview[] {
  return readAll(deploy).filter(({ until }) => Date.parse(until) > now.getTime());
}

/** Records a preview until `until` (kept if one for it lasts longer already); expired ones are dropped. */
export function recordPreview(deploy: string, preview: OpenPreview, now = new Date()) {
  const kept = openPreviews(deploy, now).filter(
    ({ remote, version }) => remote !== preview.remote || version !== preview.version,
  );
  const earlier = openPreviews(deploy, now).find(
    ({ remote, version }) => remote === preview.remote && version === preview.version,
  );
  const until = earlier && earlier.until > preview.until ? earlier.until : preview.until;
  releasesFolder(deploy);
  writeFileAtomic(previewsFile(deploy), `${JSON.stringify([...kept, { ...preview, until }], null, 2)}\n`);
}

/** The versions a preview browser loads: every remote's default, and the previewed one's version. */
export function previewResolution(
  deploy: string,
  document: RemoteMapDocument,
  { remote, version }: Pick<OpenPreview, 'remote' | 'version'>,
  addresses: SiteAddresses,
): ResolvedRemoteMap {
  const entry = versionEntry(deploy, remote, manifestUrl(remote, version, addresses), {
    traffic: 100,
    default: true,
  });
  return {
    ...defaultRemoteMap(document),
    [remote]: { url: entry.url, version, integrity: entry.metadata.integrity as string },
  };
}
