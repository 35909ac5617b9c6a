/**
 * The release and rollback client's settings (`pnpm release`, `pnpm rollback`, `pnpm dev --against`): which
 * service it talks to, with which key, and where the operator typed the command. The only module that reads
 * these variables; docs/settings.md lists them.
 */
import { type Env, trimmed } from './read.ts';
import { deployDirSetting, portBaseSetting } from './site.ts';

/** AGENCY_RELEASE_URL: a release service on another machine; unset, the local one. */
export function releaseUrlSetting(env: Env): string | undefined {
  return trimmed(env, 'AGENCY_RELEASE_URL');
}

/** AGENCY_RELEASE_KEY: the key for the service; unset, the local operator key. */
export function releaseKeySetting(env: Env): string | undefined {
  return trimmed(env, 'AGENCY_RELEASE_KEY');
}

/** INIT_CWD: the folder the operator typed the command in (pnpm runs scripts from the root). */
export function operatorFolderSetting(env: Env): string {
  return env.INIT_CWD ?? process.cwd();
}

/** Where a build came from, as a CI says it: each field unset when no variable names it. */
export interface ReleaseSourceSetting {
  commit?: string;
  ref?: string;
  author?: string;
}

/**
 * The variables that name a build's source, per field, first found wins: the project's own (any CI, or a person,
 * sets them), then GitHub Actions', then GitLab CI's. A field none of them names is read from git.
 */
const sourceVariables = {
  commit: ['AGENCY_RELEASE_COMMIT', 'GITHUB_SHA', 'CI_COMMIT_SHA'],
  ref: ['AGENCY_RELEASE_REF', 'GITHUB_REF_NAME', 'CI_COMMIT_REF_NAME'],
  author: ['AGENCY_RELEASE_AUTHOR', 'GITHUB_ACTOR', 'GITLAB_USER_LOGIN'],
} as const;

/** The source a CI's environment names (every variable is read, so the settings table can list them). */
export function releaseSourceSetting(env: Env): ReleaseSourceSetting {
  const setting: ReleaseSourceSetting = {};
  for (const [field, names] of Object.entries(sourceVariables) as [
    keyof ReleaseSourceSetting,
    readonly string[],
  ][]) {
    const value = names
      .map((name) => trimmed(env, name))
      .find((found) => found !== undefined && found !== '');
    if (value !== undefined) setting[field] = value;
  }
  return setting;
}

export interface ReleaseClientSettings {
  releaseUrl: string | undefined;
  releaseKey: string | undefined;
  deployDir: string;
  /** AGENCY_PORT_BASE: where the local release service listens when the site runs here. */
  portBase: number;
  operatorFolder: string;
  /** Absent when no variable names any of its fields (then git is asked). */
  source?: ReleaseSourceSetting;
}

const sourceIfNamed = (source: ReleaseSourceSetting) => (Object.keys(source).length > 0 ? { source } : {});

/** Every setting of the release client (none can be wrong: an unset one has its default). */
export function loadReleaseClientSettings(env: Env): ReleaseClientSettings {
  return {
    releaseUrl: releaseUrlSetting(env),
    releaseKey: releaseKeySetting(env),
    deployDir: deployDirSetting(env),
    portBase: portBaseSetting(env),
    operatorFolder: operatorFolderSetting(env),
    ...sourceIfNamed(releaseSourceSetting(env)),
  };
}

/** The variables that point the client at a release service and give it a key. */
const serviceVariables = ['AGENCY_RELEASE_URL', 'AGENCY_RELEASE_KEY'] as const;

/**
 * Removes the release service a team's CI names, so that a test suite run in that job reaches only the sites it
 * starts itself. The job holds AGENCY_RELEASE_URL and its key for the release step after the tests; a test that
 * runs `pnpm release … --preview` against its own site would otherwise upload to the host's service with the
 * team's key (and be refused as busy while another test's upload runs there).
 */
export function forgetReleaseService(env: Record<string, string | undefined>): string[] {
  const forgotten = serviceVariables.filter((name) => env[name] !== undefined);
  for (const name of forgotten) delete env[name];
  return forgotten;
}
