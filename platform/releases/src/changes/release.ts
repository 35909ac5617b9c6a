import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import { type Deploy, type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { alteredFiles } from 'deploy-folder/integrity';
import { manifestUrl } from 'deploy-folder/publish';
import type { PublishedVersion } from 'deploy-folder/release-log';
import { canaryEntry } from 'deploy-model/canary/map';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { ReleaseError } from 'deploy-model/release-error';
import { versionOfManifestUrl } from 'federation/remote-map';
import { appDist } from 'platform-kit/paths';
import { checkRemoteBuild, shellManifestFor } from 'site-pages/contracts/contract-check';
import { writePages } from 'site-pages/pages';
import { checkRenderGates } from '../release-gates/gates.ts';
import { checkLiveBreaks } from './live-check.ts';

/**
 * Releasing and rolling back one remote in one environment (a deploy folder). Each changes that remote's
 * entry of the environment's remote map and nothing else: the shell's files and the other remotes stay
 * byte for byte as they were.
 */

// In a module of its own, so that the release gates, which this module calls, can refuse with one too.
export { ReleaseError } from 'deploy-model/release-error';

export interface ReleaseOptions {
  /** A build folder with mf-manifest.json; the remote's own dist/ by default. */
  buildDir?: string;
  /** Release even if the contract check or the render gates (release-gates/) find problems. */
  force?: boolean;
  settings: ChangeSettings;
}

export interface ReleaseOutcome {
  version: string;
  /** The version live before, if any. */
  previous: string | undefined;
  manifestUrl: string;
  /** Contract and render problems released anyway with force (empty when none). */
  forced: string[];
  /** The canary that was live beside the previous version: the new version replaced both. */
  replacedCanary?: string;
}

/** The version the environment's remote map points at now. */
export function liveVersion(deploy: DeployRef, name: RemoteName): string | undefined {
  return versionOfManifestUrl(openDeploy(deploy).remoteMapUrls()[name]);
}

/** The contract check of a build or version folder against the deployed shell; refuses unless forced. */
export function contractProblems(
  deploy: DeployRef,
  name: RemoteName,
  buildDir: string,
  force: boolean,
): string[] {
  const problems = checkRemoteBuild(name, buildDir, shellManifestFor(openDeploy(deploy).path));
  if (problems.length > 0 && !force) {
    throw new ReleaseError(
      `${remotes[name].folder} is incompatible with the shell, so nothing changed:\n` +
        `${problems.map((problem) => `  - ${problem}`).join('\n')}\n` +
        'Fix the remote, or pass --force to make it live anyway (its slots will show their fallback).',
      'incompatible',
    );
  }
  return problems;
}

/** The per-route pages follow the remote map; an environment without a deployed shell has none to update. */
export function regeneratePages(deploy: DeployRef, settings: ChangeSettings) {
  const site = openDeploy(deploy);
  if (existsSync(site.folder('shell', 'index.html'))) writePages(site, settings);
}

/** The version of the remote's live canary, if it has one. */
export const liveCanary = (deploy: DeployRef, name: RemoteName): string | undefined =>
  canaryEntry(openDeploy(deploy).remoteMap(), name)?.metadata.version;

/** Throws unless the folder holds a build's mf-manifest.json. */
export function requireBuild(name: RemoteName, buildDir: string) {
  if (!existsSync(join(buildDir, 'mf-manifest.json'))) {
    throw new ReleaseError(
      `${buildDir} has no mf-manifest.json: is it a build of ${remotes[name].folder}?`,
      'no-manifest',
    );
  }
}

/**
 * Makes one version live for everyone: a canary beside the previous default goes too, and the release log says
 * so (a promote when the version made live is that canary, an abort otherwise).
 */
export function makeOnlyVersion(deploy: Deploy, name: RemoteName, version: string, settings: ChangeSettings) {
  const canary = liveCanary(deploy, name);
  const url = manifestUrl(name, version, settings);
  deploy.setRemoteEntry(name, url);
  if (canary) {
    deploy.recordReleaseEvent(remotes[name].folder, {
      action: canary === version ? 'promote' : 'abort',
      version: canary,
      at: new Date().toISOString(),
      by: 'manual',
      reason: `replaced by ${version} for everyone`,
    });
  }
  regeneratePages(deploy, settings);
  return { url, ...(canary ? { replacedCanary: canary } : {}) };
}

/** Checks a remote build against the shell, publishes it into its versioned folder and makes it live. */
export function releaseBuild(ref: DeployRef, name: RemoteName, options: ReleaseOptions): ReleaseOutcome {
  const deploy = openDeploy(ref);
  const buildDir = options.buildDir ?? appDist(remotes[name].folder);
  requireBuild(name, buildDir);
  const forced = contractProblems(deploy, name, buildDir, options.force ?? false);
  forced.push(
    ...checkRenderGates(deploy, name, buildDir, {
      force: options.force ?? false,
      settings: options.settings,
    }),
  );
  const previous = liveVersion(deploy, name);
  const version = deploy.publishRemoteBuild(name, buildDir);
  const { url, ...replaced } = makeOnlyVersion(deploy, name, version, options.settings);
  return { version, previous, manifestUrl: url, forced, ...replaced };
}

export interface RemoteVersions {
  versions: PublishedVersion[];
  live: string | undefined;
}

export function listVersions(ref: DeployRef, name: RemoteName): RemoteVersions {
  const deploy = openDeploy(ref);
  return { versions: deploy.publishedVersions(remotes[name].folder), live: liveVersion(deploy, name) };
}

/** One line per published version, oldest first, the live one marked. */
export function describeVersions({ versions, live }: RemoteVersions): string {
  return versions
    .map(({ version, publishedAt }) =>
      `  ${version.padEnd(24)} ${publishedAt ?? 'publish time unknown'}${version === live ? '  ← live' : ''}`.trimEnd(),
    )
    .join('\n');
}

export interface RollbackOptions {
  /** The version to make live; by default the one published before the live one. */
  version?: string;
  force?: boolean;
  settings: ChangeSettings;
}

function rollbackTarget(name: RemoteName, known: RemoteVersions, wanted: string | undefined): string {
  const { folder } = remotes[name];
  const list = `Published versions of ${folder} (oldest first):\n${describeVersions(known)}`;
  if (known.versions.length === 0) {
    throw new ReleaseError(
      `${folder} has no published versions here; release it first: pnpm release ${folder}`,
    );
  }
  if (wanted !== undefined) {
    if (!known.versions.some(({ version }) => version === wanted)) {
      throw new ReleaseError(`${folder} has no published version "${wanted}".\n${list}`, 'unknown-version');
    }
    if (wanted === known.live)
      throw new ReleaseError(`${folder} ${wanted} is already live; nothing changed.`);
    return wanted;
  }
  const liveIndex = known.versions.findIndex(({ version }) => version === known.live);
  if (liveIndex === -1) {
    throw new ReleaseError(
      `The live ${folder} (${known.live ?? 'none'}) is not a published version; name one:\n${list}`,
    );
  }
  const earlier = known.versions[liveIndex - 1];
  if (!earlier)
    throw new ReleaseError(
      `${folder} ${known.live} is the oldest published version; nothing earlier.\n${list}`,
    );
  return earlier.version;
}

/**
 * A version whose files no longer match what its release recorded must not go live again: someone changed
 * them on disk. Its build, released again, restores it (publishRemoteBuild copies it afresh).
 */
function refuseAlteredVersion(deploy: Deploy, name: RemoteName, version: string) {
  const { folder } = remotes[name];
  const record = deploy.integrityRecord(folder, version);
  if (!record) return;
  const altered = alteredFiles(deploy.folder(folder, version), record);
  if (altered.length > 0) {
    throw new ReleaseError(
      `${folder} ${version} differs from what its release recorded (${altered.join(', ')}); ` +
        'release its build again instead',
    );
  }
}

/** Points the remote's entry back at an already published version (checked against the shell first). */
export function rollbackRemote(ref: DeployRef, name: RemoteName, options: RollbackOptions): ReleaseOutcome {
  const deploy = openDeploy(ref);
  const known = listVersions(deploy, name);
  const version = rollbackTarget(name, known, options.version);
  refuseAlteredVersion(deploy, name, version);
  const force = options.force ?? false;
  const incompatible = contractProblems(deploy, name, deploy.folder(remotes[name].folder, version), force);
  // The pages it shows on, prerendered with it first: a rollback that would show a fallback is refused.
  const broken = checkLiveBreaks(
    deploy,
    name,
    version,
    { force, settings: options.settings },
    `Rolling ${remotes[name].folder} back to ${version}`,
  );
  const forced = [...incompatible, ...broken];
  const { url, ...replaced } = makeOnlyVersion(deploy, name, version, options.settings);
  return { version, previous: known.live, manifestUrl: url, forced, ...replaced };
}
