/**
 * The release and rollback client's settings (`pnpm release`, `pnpm rollback`, `pnpm dev --against`): which
 * service it talks to, with which key, and where the operator typed the command. The only module that reads
 * these variables; docs/settings.md lists them.
 */
import { type Env, trimmed } from './read.ts';
import { deployDirSetting } from './site.ts';

/** AGENCY_RELEASE_URL: a release service on another machine; unset, the local one. */
export function releaseUrlSetting(env: Env = process.env): string | undefined {
  return trimmed(env, 'AGENCY_RELEASE_URL');
}

/** AGENCY_RELEASE_KEY: the key for the service; unset, the local operator key. */
export function releaseKeySetting(env: Env = process.env): string | undefined {
  return trimmed(env, 'AGENCY_RELEASE_KEY');
}

/** INIT_CWD: the folder the operator typed the command in (pnpm runs scripts from the root). */
export function operatorFolderSetting(env: Env = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

export interface ReleaseClientSettings {
  releaseUrl: string | undefined;
  releaseKey: string | undefined;
  deployDir: string;
  operatorFolder: string;
}

export function loadReleaseClientSettings(env: Env = process.env): ReleaseClientSettings {
  return {
    releaseUrl: releaseUrlSetting(env),
    releaseKey: releaseKeySetting(env),
    deployDir: deployDirSetting(env),
    operatorFolder: operatorFolderSetting(env),
  };
}
