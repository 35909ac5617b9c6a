/**
 * A remote's canary in one environment: a new version served to a share of the visitors beside the default
 * version, then promoted to everyone or aborted. Each step is one change of that remote's entry of the remote
 * map, made under the map's lock (Deploy.changeRemoteMap) so that concurrent releases cannot undo each other, and
 * checked again inside it: what was true when the command started may not be by the time it writes. Then the
 * pages are written again and the release log records the step.
 */
import { type RemoteName, remotes } from 'build-config/topology';
import { type Deploy, type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { manifestUrl, releaseVersion } from 'deploy-folder/publish';
import type { ReleaseEvent } from 'deploy-folder/release-log';
import { canaryEntry, defaultEntry, onlyVersion, withCanary } from 'deploy-model/canary/map';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { canaryPercent } from 'deploy-model/release-command';
import type { RemoteMapDocument, RemoteVersionEntry } from 'federation/remote-map';
import { appDist } from 'platform-kit/paths';
import { checkLiveBreaks } from '../changes/live-check.ts';
import {
  contractProblems,
  ReleaseError,
  type ReleaseOptions,
  regeneratePages,
  requireBuild,
} from '../changes/release.ts';
import { checkRenderGates } from '../release-gates/gates.ts';
import { endRolloutPlan } from './rollout-plan.ts';

const version = (entry: RemoteVersionEntry) => entry.metadata.version;

const promoteOrAbort = (folder: string) =>
  `promote it (pnpm release ${folder} promote) or abort it (pnpm release ${folder} abort) first`;

/** Refuses a canary where there is already one, or nothing live to run beside. Checked again under the lock. */
function refuseCanaryStart(document: RemoteMapDocument, name: RemoteName): RemoteVersionEntry {
  const { folder } = remotes[name];
  const canary = canaryEntry(document, name);
  if (canary) {
    throw new ReleaseError(
      `${folder} already has a canary, ${version(canary)} at ${canary.deployment.traffic}%: ${promoteOrAbort(folder)}.`,
    );
  }
  const stable = defaultEntry(document, name);
  if (!stable) {
    throw new ReleaseError(
      `${folder} has no live version here for a canary to run beside; release it first: pnpm release ${folder}`,
    );
  }
  return stable;
}

/** For the CLI, before it spends a build on a canary that would be refused. */
export function checkCanaryCanStart(deploy: DeployRef, name: RemoteName) {
  refuseCanaryStart(openDeploy(deploy).remoteMap(), name);
}

function refuseDefaultAsCanary(name: RemoteName, stable: RemoteVersionEntry, candidate: string) {
  if (version(stable) === candidate) {
    throw new ReleaseError(
      `${remotes[name].folder} ${candidate} is already the default version; a canary needs a changed build.`,
    );
  }
}

export interface CanaryOptions extends ReleaseOptions {
  /** The canary's share of visitors, 1–99. */
  percent: number;
  now?: Date;
}

export interface CanaryOutcome {
  version: string;
  /** The default version it runs beside, now at 100 − percent. */
  defaultVersion: string;
  percent: number;
  manifestUrl: string;
  forced: string[];
}

/** A change of the remote map under its lock that also returns what it found there. */
function changeRemoteMap<T>(
  deploy: Deploy,
  change: (document: RemoteMapDocument) => [RemoteMapDocument, T],
): T {
  const found: { result?: T } = {};
  deploy.changeRemoteMap((document) => {
    const [next, result] = change(document);
    found.result = result;
    return next;
  });
  return found.result as T;
}

const record = (deploy: Deploy, name: RemoteName, event: ReleaseEvent) =>
  deploy.recordReleaseEvent(remotes[name].folder, event);

/**
 * Checks a build against the shell, publishes it, and serves it to `percent` of the visitors: the default
 * version keeps the rest. Refused while the remote has a canary, and for the version that is the default.
 */
export function startCanary(ref: DeployRef, name: RemoteName, options: CanaryOptions): CanaryOutcome {
  const deploy = openDeploy(ref);
  const percent = canaryPercent(String(options.percent));
  const now = options.now ?? new Date();
  const buildDir = options.buildDir ?? appDist(remotes[name].folder);
  requireBuild(name, buildDir);
  // Every refusal before the publish, so a refused canary leaves nothing behind.
  refuseDefaultAsCanary(name, refuseCanaryStart(deploy.remoteMap(), name), releaseVersion(buildDir));
  const forced = contractProblems(deploy, name, buildDir, options.force ?? false);
  forced.push(
    ...checkRenderGates(deploy, name, buildDir, {
      force: options.force ?? false,
      settings: options.settings,
    }),
  );
  const published = deploy.publishRemoteBuild(name, buildDir);
  return { ...canaryOfPublished(deploy, name, published, percent, now, options.settings), forced };
}

/** Refuses a canary of this published version before anything changes: one live already, or it is the default. */
export function checkCanaryOf(deploy: DeployRef, name: RemoteName, candidate: string) {
  refuseDefaultAsCanary(name, refuseCanaryStart(openDeploy(deploy).remoteMap(), name), candidate);
}

/**
 * A version already published here (and checked) serves `percent` of the visitors beside the default: the map
 * changed under its lock, refusing again there, the release log's event, the pages written again. A release's
 * canary publishes its build first; a promotion from staging copies the sealed version in first.
 */
export function canaryOfPublished(
  ref: DeployRef,
  name: RemoteName,
  published: string,
  percent: number,
  now: Date,
  settings: ChangeSettings,
): Omit<CanaryOutcome, 'forced'> {
  const deploy = openDeploy(ref);
  const url = manifestUrl(name, published, settings);
  const defaultVersion = changeRemoteMap(deploy, (document) => {
    const stable = refuseCanaryStart(document, name);
    refuseDefaultAsCanary(name, stable, published);
    const canary = deploy.versionEntry(name, url, { traffic: percent, default: false }, now);
    return [withCanary(document, name, stable, canary, percent), version(stable)];
  });
  record(deploy, name, {
    action: 'canary',
    version: published,
    at: now.toISOString(),
    by: 'manual',
    defaultVersion,
    traffic: percent,
  });
  regeneratePages(deploy, settings);
  return { version: published, defaultVersion, percent, manifestUrl: url };
}

function requireCanary(document: RemoteMapDocument, name: RemoteName, step: 'promote' | 'abort') {
  const { folder } = remotes[name];
  const canary = canaryEntry(document, name);
  const stable = defaultEntry(document, name);
  if (!canary || !stable) {
    const live = stable ? `${version(stable)} is live for everyone` : 'nothing is live here';
    throw new ReleaseError(
      `${folder} has no canary to ${step} (${live}); nothing changed. ` +
        `Start one with: pnpm release ${folder} --canary <percent>`,
    );
  }
  return { canary, stable };
}

export interface CanaryStepOptions {
  settings: ChangeSettings;
  now?: Date;
}

export interface CanaryStepOutcome {
  /** The canary version promoted or aborted. */
  version: string;
  /** The default version before the step. */
  defaultVersion: string;
  /** The canary's share before the step. */
  percent: number;
}

const stepOutcome = (canary: RemoteVersionEntry, stable: RemoteVersionEntry): CanaryStepOutcome => ({
  version: version(canary),
  defaultVersion: version(stable),
  percent: canary.deployment.traffic,
});

export interface PromoteOptions extends CanaryStepOptions {
  /** A staged rollout's last stage promotes by itself (`automatic`), saying why. */
  by?: ReleaseEvent['by'];
  reason?: string;
}

/**
 * The canary becomes the default for everyone; the old default leaves the map (pnpm rollback brings it back).
 * Its staged rollout, if any, is over.
 */
export function promoteCanary(ref: DeployRef, name: RemoteName, options: PromoteOptions) {
  const deploy = openDeploy(ref);
  const now = options.now ?? new Date();
  // Refused before the lock too, so that a refusal touches nothing (not even the deploy folder).
  const live = requireCanary(deploy.remoteMap(), name, 'promote');
  // For everyone only if its pages still render with the shell live now (changes/live-check.ts): the shell may
  // have changed since the canary passed its gates.
  checkLiveBreaks(
    deploy,
    name,
    version(live.canary),
    { settings: options.settings },
    `Promoting ${remotes[name].folder} ${version(live.canary)}`,
  );
  const done = changeRemoteMap(deploy, (document) => {
    const { canary, stable } = requireCanary(document, name, 'promote');
    return [onlyVersion(document, name, canary), stepOutcome(canary, stable)];
  });
  endRolloutPlan(deploy.path, remotes[name].folder);
  record(deploy, name, {
    action: 'promote',
    version: done.version,
    at: now.toISOString(),
    by: options.by ?? 'manual',
    defaultVersion: done.defaultVersion,
    traffic: done.percent,
    ...(options.reason ? { reason: options.reason } : {}),
  });
  regeneratePages(deploy, options.settings);
  return done;
}

export interface AbortOptions extends CanaryStepOptions {
  reason?: string;
  /** The canary check aborts by itself; a person at a shell is 'manual'. */
  by?: ReleaseEvent['by'];
  /**
   * Abort only this canary version: the check judged it, and it may have been promoted or replaced since.
   * Without it, whatever canary is live.
   */
  version?: string;
}

/**
 * Takes the canary out of the map and gives the default version all the visitors again, ending its staged
 * rollout if any. With `version`, a canary that is no longer that version (or no canary) is left alone and
 * undefined returned.
 */
export function abortCanary(
  ref: DeployRef,
  name: RemoteName,
  options: AbortOptions,
): CanaryStepOutcome | undefined {
  const deploy = openDeploy(ref);
  const now = options.now ?? new Date();
  if (options.version === undefined) requireCanary(deploy.remoteMap(), name, 'abort');
  const outcome = changeRemoteMap(deploy, (document): [RemoteMapDocument, CanaryStepOutcome | undefined] => {
    const live = canaryEntry(document, name);
    if (options.version !== undefined && live?.metadata.version !== options.version)
      return [document, undefined];
    const { canary, stable } = requireCanary(document, name, 'abort');
    return [onlyVersion(document, name, stable), stepOutcome(canary, stable)];
  });
  if (!outcome) return undefined;
  endRolloutPlan(deploy.path, remotes[name].folder);
  const reason = options.reason?.trim();
  record(deploy, name, {
    action: 'abort',
    version: outcome.version,
    at: now.toISOString(),
    by: options.by ?? 'manual',
    defaultVersion: outcome.defaultVersion,
    traffic: outcome.percent,
    ...(reason ? { reason } : {}),
  });
  regeneratePages(deploy, options.settings);
  return outcome;
}
