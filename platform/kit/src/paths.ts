import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Where releases are published and served from: the settings' deployDir (AGENCY_DEPLOY_DIR, parsed by the
 * process's entry) against the repo root. It lets a test run use its own folder
 * beside a running site.
 */
export function deployDir(settings: { deployDir: string }): string {
  return resolve(repoRoot, settings.deployDir);
}

export const appDist = (folder: string) => join(repoRoot, folder, 'dist');
