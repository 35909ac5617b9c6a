/**
 * What a deploy folder serves now, read without changing anything: `platform/cli/src/start.ts` serves an existing deploy
 * as it was left (remote map, canaries, rollbacks, pages) and says so, and says which builds in dist/ are not
 * live, since a restart no longer publishes them.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { remoteNames, remotes, shell } from 'build-config/topology';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import { serverBuildDir } from 'deploy-model/layout';
import type { RemoteMapDocument } from 'federation/remote-map';
import { appDist } from 'platform-kit/paths';
import { releaseVersion, shellServerDist, shellVersion } from './publish.ts';
import { publishedVersions } from './release-log.ts';
import { readRemoteMapDocument, remoteMapFile } from './remote-map-file.ts';

/**
 * Whether the deploy folder holds a live site: a remote map or a published shell. Only a folder without either
 * is published into by a plain start; left-overs such as release logs or version folders alone are not a site.
 */
export const hasLiveState = (deploy: string) =>
  existsSync(remoteMapFile(deploy)) || existsSync(join(deploy, shell.folder, 'index.html'));

/** The live shell's version, if the deploy has a published shell. */
export function liveShellVersion(deploy: string): string | undefined {
  if (!existsSync(join(deploy, shell.folder, 'mf-manifest.json'))) return undefined;
  return shellVersion(join(deploy, shell.folder), serverBuildDir(deploy));
}

/** "shell 1.0.0-…, mf-marketing 1.0.0-… (90%) with the canary 1.0.0-… (10%), mf-contact not released". */
export function describeLiveState(deploy: string, document: RemoteMapDocument): string {
  const apps = remoteNames.map((name) => {
    const stable = defaultEntry(document, name);
    const canary = canaryEntry(document, name);
    const { folder } = remotes[name];
    if (!stable) return `${folder} not released`;
    if (!canary) return `${folder} ${stable.metadata.version}`;
    return (
      `${folder} ${stable.metadata.version} (${stable.deployment.traffic}%) ` +
      `with the canary ${canary.metadata.version} (${canary.deployment.traffic}%)`
    );
  });
  return [`shell ${liveShellVersion(deploy) ?? 'not published'}`, ...apps].join(', ');
}

/** Where the builds to compare with what is live are: the apps' dist/ folders, as `pnpm build` leaves them. */
export interface BuildFolders {
  /** A remote's or the shell's browser build, by app folder. */
  dist: (folder: string) => string;
  /** The shell's Node build. */
  shellServer: string;
}

const repositoryBuilds = (): BuildFolders => ({ dist: appDist, shellServer: shellServerDist() });

/**
 * The builds in dist/ that are not live here, each with what is live instead: "mf-portfolio 1.0.0-… (live:
 * 1.0.0-…; it was published here before)" (the last says a rollback or an abort is likely what made it go).
 * A build that is a live default or canary is not listed; neither is an app without a build.
 */
export function buildsNotLive(
  deploy: string,
  document: RemoteMapDocument,
  builds: BuildFolders = repositoryBuilds(),
): string[] {
  const notLive: string[] = [];
  const distShell = builds.dist(shell.folder);
  if (existsSync(join(distShell, 'mf-manifest.json'))) {
    const built = shellVersion(distShell, builds.shellServer);
    const live = liveShellVersion(deploy);
    if (built !== live) notLive.push(`shell ${built} (live: ${live ?? 'none'})`);
  }
  for (const name of remoteNames) {
    const { folder } = remotes[name];
    const dist = builds.dist(folder);
    if (!existsSync(join(dist, 'mf-manifest.json'))) continue;
    const built = releaseVersion(dist);
    const live = (document.microFrontends[name] ?? []).map((entry) => entry.metadata.version);
    if (live.includes(built)) continue;
    const earlier = publishedVersions(deploy, folder).some(({ version }) => version === built);
    notLive.push(
      `${folder} ${built} (live: ${live.join(' + ') || 'none'}${earlier ? '; it was published here before' : ''})`,
    );
  }
  return notLive;
}

export interface LiveStateReport {
  /** The line saying what is served. */
  serving: string;
  /** A line naming the builds in dist/ that are not live, when there are any. */
  notLive?: string;
  /** Why the remote map could not be read, when it could not (the site is served all the same). */
  problem?: string;
}

/** What `platform/cli/src/start.ts` prints when it serves an existing deploy as it was. */
export function liveStateReport(
  deploy: string,
  shown: string,
  builds: BuildFolders = repositoryBuilds(),
  readMap: () => RemoteMapDocument = () => readRemoteMapDocument(deploy),
): LiveStateReport {
  let document: RemoteMapDocument;
  try {
    document = readMap();
  } catch (error) {
    return {
      serving: `Serving the live deploy as it was: ${shown} (new builds are not published; use --publish)`,
      problem: `${(error as Error).message}; visitors' browsers keep the last map they read`,
    };
  }
  const notLive = buildsNotLive(deploy, document, builds);
  return {
    serving:
      `Serving the live deploy as it was: ${shown}: ${describeLiveState(deploy, document)} ` +
      '(new builds are not published; use --publish)',
    ...(notLive.length > 0
      ? {
          notLive:
            `dist/ holds builds that are not live: ${notLive.join(', ')}. ` +
            '--publish makes all of them live for everyone; pnpm release <remote> releases one.',
        }
      : {}),
  };
}
