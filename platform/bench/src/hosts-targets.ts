import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { hashedAsset } from 'deploy-model/hosting-rules';

export interface ServedFile {
  /** The deploy folder it is served from: shell or a remote's folder. */
  root: string;
  /** Its path on that host. */
  urlPath: string;
  bytes: number;
}

function hashedScripts(root: string, dir: string): ServedFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return hashedScripts(root, path);
    if (!entry.name.endsWith('.js') || !hashedAsset.test(entry.name)) return [];
    return [{ root, urlPath: `/${relative(root, path).split(sep).join('/')}`, bytes: statSync(path).size }];
  });
}

/** Every content-hashed script the deploy serves, in the shell's and the given remotes' folders. */
export function servedScripts(deploy: string, folders: readonly string[]): ServedFile[] {
  return folders.flatMap((folder) =>
    hashedScripts(join(deploy, folder), join(deploy, folder)).map((file) => ({ ...file, root: folder })),
  );
}

/** The script whose size is nearest to `bytes` (the bench's "20 kB chunk": a real one, not a made-up file). */
export function nearestInSize(files: readonly ServedFile[], bytes: number): ServedFile | undefined {
  return [...files].sort(
    (a, b) => Math.abs(a.bytes - bytes) - Math.abs(b.bytes - bytes) || a.urlPath.localeCompare(b.urlPath),
  )[0];
}
