/**
 * No change breaks what is live (issue 41, item 3). Before a rollback makes a published version the default, the
 * pages that show its remote are prerendered with the versions the change would make live, in the sandbox, by the
 * deployed shell's own Node build (its routes from its site.json): a slot that would show its fallback there (a
 * version the live shell cannot use, or one that fails to render), of any remote, and does not already, refuses
 * the change with nothing changed. The release gates hold a new build to the same before it is published; the operator's
 * --force goes ahead regardless, and what it was done despite is the change's reason.
 */
import { type RemoteName, remotes } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import { manifestUrl } from 'deploy-folder/publish';
import { deployedSite } from 'deploy-folder/site-description';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { ReleaseError } from 'deploy-model/release-error';
import type { ResolvedRemoteMap } from 'federation/remote-map';
import { pathsShowing } from 'federation/site-description';
import { PrerenderError, prerenderPages } from 'site-pages/prerender/prerender';
/** A change refused because a page would show a slot's fallback once it is live. */
export class LiveBreakError extends ReleaseError {
  override name = 'LiveBreakError';
  constructor(message: string) {
    super(message, 'would-break');
  }
}

/** The versions live by default, with `version` of the remote in its place. */
function withVersion(
  deploy: Deploy,
  name: RemoteName,
  version: string,
  settings: ChangeSettings,
): ResolvedRemoteMap {
  const integrity = deploy.integrityRecord(remotes[name].folder, version)?.manifest;
  return {
    ...deploy.defaultVersions(),
    [name]: {
      url: manifestUrl(name, version, settings),
      version,
      ...(integrity ? { integrity } : {}),
    },
  };
}

interface SlotBreak {
  /** Page and slot: what tells the same break with and without the change. */
  key: string;
  text: string;
}

/** Each slot whose fallback the pages show, or whose render throws, with these versions. */
function slotBreaks(
  deploy: Deploy,
  paths: readonly string[],
  resolved: ResolvedRemoteMap,
  settings: ChangeSettings,
) {
  try {
    return prerenderPages(deploy.path, paths, settings, resolved).flatMap(
      ({ path, failedSlots, slotErrors }) => {
        const page = path ?? 'the 404 page';
        return [
          ...failedSlots.map(
            ({ slot, reason }): SlotBreak => ({
              key: `${page} ${slot}`,
              text: `${page} would show the fallback for ${slot} (${reason})`,
            }),
          ),
          ...(slotErrors ?? []).map(
            ({ slot, error }): SlotBreak => ({
              key: `${page} ${slot}`,
              text: `${slot} would throw while ${page} is rendered: ${error}`,
            }),
          ),
        ];
      },
    );
  } catch (error) {
    if (error instanceof PrerenderError)
      return [{ key: 'prerender', text: `its pages could not be prerendered: ${error.message}` }];
    throw error;
  }
}

/**
 * What the change would break: each slot that would show its fallback, or throw, once the version is live, and
 * does not already (a break of another remote that is there before the change, such as a tampered file, is not
 * this change's to refuse).
 */
export function liveBreakProblems(
  deploy: Deploy,
  name: RemoteName,
  version: string,
  settings: ChangeSettings,
): string[] {
  const paths = pathsShowing(deployedSite(deploy.path), name);
  if (paths.length === 0) return [];
  const after = slotBreaks(deploy, paths, withVersion(deploy, name, version, settings), settings);
  if (after.length === 0) return [];
  const before = new Set(slotBreaks(deploy, paths, deploy.defaultVersions(), settings).map(({ key }) => key));
  return after.filter(({ key }) => !before.has(key)).map(({ text }) => text);
}

/**
 * Refuses (LiveBreakError) a change that would make a page show a fallback, unless forced; returns what it goes
 * ahead despite. `AGENCY_RELEASE_GATES=off` (test deploys of stand-in builds) skips it, as it skips the gates.
 */
export function checkLiveBreaks(
  deploy: Deploy,
  name: RemoteName,
  version: string,
  { force = false, settings }: { force?: boolean; settings: ChangeSettings },
  change: string,
): string[] {
  if (settings.gatesOff) return [];
  const problems = liveBreakProblems(deploy, name, version, settings);
  if (problems.length > 0 && !force) {
    throw new LiveBreakError(
      `${change} would break the live site, so nothing changed:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n` +
        'Release a version that works with the live shell instead; the operator can go ahead anyway with --force.',
    );
  }
  return problems;
}
