import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type RemoteName, remoteNames, remotes, shell } from 'build-config/topology';
import { canaryEntry, defaultEntry } from './canary/map.ts';
import { writeCrawlerFiles } from './pages/crawler-files.ts';
import { writePages } from './pages.ts';
import { appDist } from './paths.ts';
import { serverBuildDir } from './prerender/prerender.ts';
import {
  ensureRuntimeConfig,
  publishShell,
  releaseRemote,
  shellServerDist,
  shellVersion,
} from './publish.ts';
import { type ReleaseEvent, type ReleaseEventAuthor, recordReleaseEvent } from './release-log.ts';
import { readRemoteMapDocument } from './remote-map-file.ts';

/** What one app's publish changed: the version now live, and the one live before (none in an empty deploy). */
export interface PublishedApp {
  version: string;
  previous?: string;
  /** The canary that ran beside the previous version: the publish replaced it too. */
  replacedCanary?: string;
}

export type PublishedSite = Record<RemoteName | 'shell', PublishedApp>;

/** The folders `pnpm build` leaves; all must be there before anything is published. */
function missingBuilds(): string[] {
  const builds = [
    join(appDist(shell.folder), 'index.html'),
    join(appDist(shell.folder), 'mf-manifest.json'),
    ...remoteNames.map((name) => join(appDist(remotes[name].folder), 'mf-manifest.json')),
  ];
  return builds.filter((file) => !existsSync(file));
}

const deployedShellVersion = (deploy: string) =>
  existsSync(join(deploy, shell.folder, 'mf-manifest.json'))
    ? shellVersion(join(deploy, shell.folder), serverBuildDir(deploy))
    : undefined;

/**
 * Publishes the current builds of all four apps into the deploy folder and points the remote map at them, for
 * everyone: a canary or a rollback live before is replaced. `by` says who asked (the release log records it
 * for every app whose live version this changed, with the version it replaced). Refused, changing nothing,
 * when a build is missing.
 */
export function publishAll(
  deploy: string,
  env?: NodeJS.ProcessEnv,
  by: ReleaseEventAuthor = 'start',
): PublishedSite {
  const missing = missingBuilds();
  if (missing.length > 0) {
    throw new Error(`Nothing was published: ${missing.join(', ')} missing; build first (pnpm build)`);
  }
  const at = new Date().toISOString();
  const record = (folder: string, event: Omit<ReleaseEvent, 'at' | 'by'>) =>
    recordReleaseEvent(deploy, folder, { ...event, at, by });

  const previousShell = deployedShellVersion(deploy);
  publishShell(deploy);
  ensureRuntimeConfig(deploy, env);
  writeCrawlerFiles(deploy, env);
  const shellNow = shellVersion(appDist(shell.folder), shellServerDist());
  if (shellNow !== previousShell) {
    record(shell.folder, {
      action: 'release',
      version: shellNow,
      ...(previousShell ? { defaultVersion: previousShell } : {}),
    });
  }
  const site = { shell: { version: shellNow, ...(previousShell ? { previous: previousShell } : {}) } };

  const published = remoteNames.map((name): [RemoteName, PublishedApp] => {
    const before = readRemoteMapDocument(deploy);
    const previous = defaultEntry(before, name)?.metadata.version;
    const canary = canaryEntry(before, name)?.metadata.version;
    const version = releaseRemote(deploy, name, env);
    const { folder } = remotes[name];
    if (canary) {
      record(folder, {
        action: canary === version ? 'promote' : 'abort',
        version: canary,
        ...(previous ? { defaultVersion: previous } : {}),
        reason: `replaced by ${version} for everyone`,
      });
    }
    if (version !== previous || canary) {
      record(folder, { action: 'release', version, ...(previous ? { defaultVersion: previous } : {}) });
    }
    return [
      name,
      { version, ...(previous ? { previous } : {}), ...(canary ? { replacedCanary: canary } : {}) },
    ];
  });
  writePages(deploy, env);
  return { ...site, ...Object.fromEntries(published) } as PublishedSite;
}
