/**
 * Ending preview links before they expire: releases/preview-revocations.json (deploy-model/preview/verify.ts's
 * PreviewRevocations), read by the embedded host on each preview request and by nginx's njs module alike. One
 * link (its id), every link a key made (the key's name, added when the key is revoked), or every link of a remote
 * made up to now. Written under a lock, atomically, in the private releases/ folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { RemoteName } from 'build-config/topology';
import { previewRevocationsFile } from 'deploy-model/layout';
import { type PreviewRevocations, revocationsOf } from 'deploy-model/preview/verify';
import { keepPrivate, releasesFolder } from '../private-files.ts';
import { withFileLock, writeFileAtomic } from '../remote-map-file.ts';

export type { PreviewRevocations } from 'deploy-model/preview/verify';

/** The revocations now (none when no link was ever revoked). */
export function readPreviewRevocations(deploy: string): PreviewRevocations {
  const file = previewRevocationsFile(deploy);
  if (!existsSync(file)) return revocationsOf(undefined);
  try {
    return revocationsOf(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    // Unreadable: treated as none rather than stopping every preview; the next revocation writes it again.
    return revocationsOf(undefined);
  }
}

export type Revocation =
  | { link: string }
  | { key: string }
  /** Every link of the remote made up to `at` (Unix seconds). */
  | { remote: RemoteName; at: number };

export function revokePreviewLinks(deploy: string, revocation: Revocation): void {
  releasesFolder(deploy);
  const file = previewRevocationsFile(deploy);
  withFileLock(file, () => {
    const now = readPreviewRevocations(deploy);
    const next: PreviewRevocations = {
      links: 'link' in revocation ? [...new Set([...now.links, revocation.link])] : now.links,
      keys: 'key' in revocation ? [...new Set([...now.keys, revocation.key])] : now.keys,
      remotes: 'remote' in revocation ? { ...now.remotes, [revocation.remote]: revocation.at } : now.remotes,
    };
    writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
    keepPrivate(file);
  });
}
