/**
 * The deploy's private folder, `releases/`: keys, the operator key, the preview secret, the audit and release
 * logs. It is 0700 and its secrets 0600 whatever the umask of the process that made them (a umask of 000 would
 * otherwise leave the keys readable by every local user), and an existing folder made looser is tightened.
 */
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Creates the folder (and its parents) if missing, and makes it 0700 either way. */
export function privateFolder(path: string): string {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
  return path;
}

/** deploy/releases/, 0700. */
export const releasesFolder = (deploy: string): string => privateFolder(join(deploy, 'releases'));

/** A secret file: 0600, whatever mode it was created with. */
export const keepPrivate = (file: string): void => chmodSync(file, 0o600);
