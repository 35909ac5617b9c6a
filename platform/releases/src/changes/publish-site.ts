import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DeployEnvironment, ReleaseScope } from 'build-config/release-protocol';
import { type RemoteName, remoteNames, remotes, shell } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { ensureRuntimeConfig, shellServerDist, shellVersion } from 'deploy-folder/publish';
import type { ReleaseEventAuthor } from 'deploy-folder/release-log';
import { canaryEntry, defaultEntry } from 'deploy-model/canary/map';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { appDist } from 'platform-kit/paths';
import { writePages } from 'site-pages/pages';
import { writeCrawlerFiles } from 'site-pages/pages/crawler-files';
/** What one app's publish changed: the version now live, and the one live before (none in an empty deploy). */
export interface PublishedApp {
  version: string;
  previous?: string;
  /** The canary that ran beside the previous version: the publish replaced it too. */
  replacedCanary?: string;
}

export type PublishedSite = Record<RemoteName | 'shell', PublishedApp>;

/**
 * The release log's record of one app's publish by a start (the shell's log is releases/shell.json): the canary
 * it replaced (a promote when it was the
 * build published, an abort otherwise) and then the release, when the publish changed what is live. Publishing
 * the build that was live already, alone, records nothing.
 */
export function recordAppPublish(
  ref: DeployRef,
  folder: string,
  { version, previous, replacedCanary }: PublishedApp,
  by: ReleaseEventAuthor,
  at: string,
  audit: PublishAudit = {},
) {
  const deploy = openDeploy(ref);
  const since = previous ? { defaultVersion: previous } : {};
  if (replacedCanary) {
    deploy.recordReleaseEvent(folder, {
      action: replacedCanary === version ? 'promote' : 'abort',
      version: replacedCanary,
      at,
      by,
      ...since,
      reason: `replaced by ${version} for everyone`,
    });
  }
  if (version !== previous || replacedCanary) {
    deploy.recordReleaseEvent(folder, { action: 'release', version, at, by, ...since });
    // The audit log holds every change to what is live, whoever made it: here the host itself, on start.
    openDeploy(audit.log ?? deploy).appendAudit({
      at,
      by,
      from: 'host',
      scope: folder as ReleaseScope,
      action: 'publish',
      version,
      ...(previous ? { previous } : {}),
      ...(replacedCanary ? { reason: `replaced the canary ${replacedCanary}` } : {}),
      ...(audit.env ? { env: audit.env } : {}),
    });
  }
}

/**
 * Where a publish's audit entries go on a host with staging: the one audit log, production's, each entry naming
 * the environment published. By default the deploy's own log, without an environment (a host without staging).
 */
export interface PublishAudit {
  log?: DeployRef;
  env?: DeployEnvironment;
}

/** The folders `pnpm build` leaves; all must be there before anything is published. */
export function missingBuilds(): string[] {
  const builds = [
    join(appDist(shell.folder), 'index.html'),
    join(appDist(shell.folder), 'mf-manifest.json'),
    ...remoteNames.map((name) => join(appDist(remotes[name].folder), 'mf-manifest.json')),
  ];
  return builds.filter((file) => !existsSync(file));
}

/**
 * Publishes the current builds of all four apps into the deploy folder and points the remote map at them, for
 * everyone: a canary or a rollback live before is replaced. `by` says who asked (the release log records it
 * for every app whose live version this changed, with the version it replaced). Refused, changing nothing,
 * when a build is missing.
 */
export function publishAll(
  ref: DeployRef,
  settings: ChangeSettings,
  by: ReleaseEventAuthor = 'start',
  audit: PublishAudit = {},
): PublishedSite {
  const deploy = openDeploy(ref);
  const missing = missingBuilds();
  if (missing.length > 0) {
    throw new Error(`Nothing was published: ${missing.join(', ')} missing; build first (pnpm build)`);
  }
  const at = new Date().toISOString();
  const previousShell = deploy.liveShellVersion();
  deploy.publishShell();
  ensureRuntimeConfig(deploy.path, settings);
  writeCrawlerFiles(deploy.path, settings);
  const shellApp: PublishedApp = {
    version: shellVersion(appDist(shell.folder), shellServerDist()),
    ...(previousShell ? { previous: previousShell } : {}),
  };
  recordAppPublish(deploy, shell.folder, shellApp, by, at, audit);

  const published = remoteNames.map((name): [RemoteName, PublishedApp] => {
    const before = deploy.remoteMap();
    const previous = defaultEntry(before, name)?.metadata.version;
    const canary = canaryEntry(before, name)?.metadata.version;
    const version = deploy.releaseRemote(name, settings);
    const app: PublishedApp = {
      version,
      ...(previous ? { previous } : {}),
      ...(canary ? { replacedCanary: canary } : {}),
    };
    recordAppPublish(deploy, remotes[name].folder, app, by, at, audit);
    return [name, app];
  });
  writePages(deploy, settings);
  return { shell: shellApp, ...Object.fromEntries(published) } as PublishedSite;
}
