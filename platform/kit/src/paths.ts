import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deployDirSetting } from './settings/site.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * Where releases are published and served from. AGENCY_DEPLOY_DIR lets a test run use its own folder
 * beside a running site.
 */
export function deployDir(env: NodeJS.ProcessEnv): string {
  return resolve(repoRoot, deployDirSetting(env));
}

export const appDist = (folder: string) => join(repoRoot, folder, 'dist');
