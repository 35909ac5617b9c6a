/**
 * A promotion from staging to production (docs/releasing.md#staging): the version of a remote that a release put
 * on staging made live in production as the same build. Nothing is built or sealed again: the sealed version
 * folder is copied across, held to its integrity record at both ends (deploy-folder/promote-version.ts), and
 * goes live by the rules a published version goes live by in production: the contract check against
 * production's shell and the prerender of the pages that show it (as a rollback), for everyone or as a canary
 * (with a staged rollout) beside production's default. A refusal leaves production as it was, no file added.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type RemoteName, remotes, shell } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import { precompressedSource } from 'deploy-folder/precompress';
import { copySealedVersion } from 'deploy-folder/promote-version';
import { isEnvironmentFile, shellVersion } from 'deploy-folder/publish';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { serverBuildDir } from 'deploy-model/layout';
import type { PromotionRequest } from 'deploy-model/release-command';
import { repoRoot } from 'platform-kit/paths';
import { canaryOfPublished, checkCanaryOf } from 'releases/canary/release-canary';
import { startRollout } from 'releases/canary/release-command';
import { endRolloutPlan } from 'releases/canary/rollout-plan';
import { checkLiveBreaks } from 'releases/changes/live-check';
import {
  contractProblems,
  describeVersions,
  listVersions,
  liveCanary,
  liveVersion,
  makeOnlyVersion,
  ReleaseError,
} from 'releases/changes/release';
import { releaseShell } from 'releases/changes/shell-release';

export interface PromotionContext {
  staging: Deploy;
  production: Deploy;
  /** Production's settings: its origins are the ones the map entry names. */
  settings: ChangeSettings;
  out(text: string): void;
}

export interface PromotionOutcome {
  version: string;
  /** Production's default version before, if any. */
  previous: string | undefined;
  /** false: the version was live in production already, and nothing changed. */
  changed: boolean;
}

/** The version to promote: named and published on staging, or the one live there. */
function versionOnStaging(staging: Deploy, name: RemoteName, wanted: string | undefined): string {
  const { folder } = remotes[name];
  const known = listVersions(staging, name);
  if (wanted === undefined) {
    if (known.live === undefined)
      throw new ReleaseError(
        `${folder} has nothing live on staging to promote; release it there first: pnpm release ${folder}`,
      );
    return known.live;
  }
  if (!known.versions.some(({ version }) => version === wanted)) {
    const list =
      known.versions.length === 0
        ? `${folder} has no version on staging yet.`
        : `Versions of ${folder} on staging (oldest first):\n${describeVersions(known)}`;
    throw new ReleaseError(
      `${folder} ${wanted} is not on staging, so it cannot be promoted: a promotion makes live in production ` +
        `a build that was released to staging first. Nothing changed.\n${list}`,
      'unknown-version',
    );
  }
  return wanted;
}

/** Promotes a remote's version from staging to production; throws a ReleaseError, changing nothing, when refused. */
export function promoteToProduction(
  name: RemoteName,
  { version: wanted, canary: percent, rollout }: PromotionRequest,
  context: PromotionContext,
): PromotionOutcome {
  const { folder } = remotes[name];
  const { staging, production, settings, out } = context;
  const version = versionOnStaging(staging, name, wanted);
  const previous = liveVersion(production, name);
  const asCanary = percent !== undefined;
  if (!asCanary && previous === version && !liveCanary(production, name)) {
    out(`${folder} ${version} is live in production already; nothing changed.`);
    return { version, previous, changed: false };
  }
  if (asCanary) checkCanaryOf(production, name, version);
  const stagedFolder = staging.folder(folder, version);
  // Against production's shell, before a byte is copied: staging's shell may differ.
  contractProblems(production, name, stagedFolder, false);
  const copy = copySealedVersion(staging.path, production.path, folder, version);
  try {
    checkLiveBreaks(
      production,
      name,
      version,
      { settings: settings },
      `Promoting ${folder} ${version} to production`,
    );
  } catch (error) {
    copy.undo();
    throw error;
  }
  // From here on the version is production's (published, then live): nothing takes the copy back.
  copy.keep();
  const files = `${relative(repoRoot, production.path)}/${folder}/${version}/ (${copy.copied ? 'copied from staging, checked by digest' : 'there already, the same digests'})`;
  if (asCanary) {
    const outcome = canaryOfPublished(production, name, version, percent, new Date(), settings);
    const staged = rollout ? startRollout(production, name, rollout) : '';
    out(
      `Promoted ${folder} ${version} from staging to production as a canary: it serves ${percent}% of ` +
        `visitors; ${outcome.defaultVersion} keeps ${100 - percent}%.\n` +
        `  files:        ${files}\n` +
        `  remotes.json: ${name} → ${outcome.manifestUrl} (canary, ${percent}%)\n` +
        `Watch it: pnpm release status ${folder}. Then: pnpm release ${folder} promote, or pnpm release ${folder} abort${staged}`,
    );
  } else {
    const { url, replacedCanary } = makeOnlyVersion(production, name, version, settings);
    // A release for everyone replaces a canary, and with it the canary's staged rollout.
    endRolloutPlan(production.path, folder);
    const replaced = replacedCanary ? `The canary ${replacedCanary} in production is gone too.\n` : '';
    out(
      `${replaced}Promoted ${folder} ${version} from staging to production, for everyone (was ${previous ?? 'not released'}).\n` +
        `  files:        ${files}\n` +
        `  remotes.json: ${name} → ${url}\n` +
        `Undo with: pnpm rollback ${folder}`,
    );
  }
  return { version, previous, changed: true };
}

/**
 * The shell live on staging made production's as the same build. The shell is published in place, not in version
 * folders, and its version is a digest of every file of its browser and Node builds (publish.ts's shellVersion):
 * staging's files are copied out without what the environment adds (its maps, crawler files, precompressed
 * siblings), the copy must have staging's version, and production's shell must have it once released. The
 * release is production's shell release: refused when a remote live in production would break with it.
 */
export function promoteShellToProduction(
  wanted: string | undefined,
  { staging, production, settings, out }: PromotionContext,
): PromotionOutcome {
  const version = staging.liveShellVersion();
  if (version === undefined)
    throw new ReleaseError('The shell has nothing live on staging to promote; release it there first.');
  if (wanted !== undefined && wanted !== version)
    throw new ReleaseError(
      `The shell ${wanted} is not on staging (staging's shell is ${version}), so it cannot be promoted. Nothing changed.`,
      'unknown-version',
    );
  const previous = production.liveShellVersion();
  if (previous === version) {
    out(`The shell ${version} is live in production already; nothing changed.`);
    return { version, previous, changed: false };
  }
  const scratch = mkdtempSync(join(tmpdir(), 'shell-promotion-'));
  try {
    const from = staging.folder(shell.folder);
    const browser = join(scratch, 'dist');
    cpSync(from, browser, {
      recursive: true,
      filter: (path) => {
        const file = relative(from, path);
        return file === '' || (!isEnvironmentFile(file) && precompressedSource(file) === undefined);
      },
    });
    const build = { browser, server: serverBuildDir(staging.path) };
    if (shellVersion(build.browser, build.server) !== version)
      throw new ReleaseError(
        `Staging's shell changed while it was copied (its digest is no longer ${version}); nothing changed.`,
      );
    const outcome = releaseShell(production, { build, settings: settings });
    const live = production.liveShellVersion();
    if (live !== version)
      throw new Error(`Production's shell is ${live ?? 'missing'} after the promotion of ${version}`);
    out(
      `Promoted the shell ${version} from staging to production (was ${outcome.previous ?? 'not released'}); ` +
        'every remote live in production was checked against it, and the pages were written again.',
    );
    return { version, previous, changed: true };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A promotion of a remote's version or of the shell, as the release service asks for it. */
export const promote = (name: RemoteName | 'shell', request: PromotionRequest, context: PromotionContext) =>
  name === 'shell'
    ? promoteShellToProduction(request.version, context)
    : promoteToProduction(name, request, context);
