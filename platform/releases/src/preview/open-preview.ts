/**
 * A preview of one remote version: published like any release (checked against the shell, sealed), but the
 * remote map is left as it is, so no visitor gets it; the pages are written again with a set for the preview,
 * and a signed link puts the browser that opens it, alone, on that version for a limited time.
 */

import { type RemoteName, remotes } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import {
  devOverrideToken,
  newLinkId,
  previewHours,
  previewLink,
  signPreviewClaim,
  siteOrigin,
} from 'deploy-folder/preview/token';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { contractProblems, ReleaseError, regeneratePages, requireBuild } from '../changes/release.ts';
export interface PreviewOutcome {
  version: string;
  link: string;
  until: Date;
  /** Contract problems published anyway with force. */
  forced: string[];
}

interface PreviewOptions {
  settings: ChangeSettings;
  /** --hours; AGENCY_PREVIEW_HOURS or 2 without it. */
  hours?: string;
  now?: Date;
  /** The release key making the link: revoking it ends the link. */
  by?: string;
}

/** A link for a version already published here; refused for one that is not (nothing changes). */
export function openPreview(
  ref: DeployRef,
  name: RemoteName,
  version: string,
  options: PreviewOptions,
): PreviewOutcome {
  const deploy = openDeploy(ref);
  const settings = options.settings;
  const { folder } = remotes[name];
  const hours = previewHours(options.hours, settings.previewHours);
  const known = deploy.publishedVersions(folder).map((entry) => entry.version);
  if (!known.includes(version) || !deploy.integrityRecord(folder, version)) {
    throw new ReleaseError(
      `${folder} has no published version "${version}"; nothing changed.\n` +
        `Published here: ${known.join(', ') || 'none'}. Publish one with: pnpm release ${folder} --preview`,
      'unknown-version',
    );
  }
  const now = options.now ?? new Date();
  const until = new Date(now.getTime() + hours * 3_600_000);
  deploy.recordPreview({ remote: name, version, until: until.toISOString() }, now);
  regeneratePages(deploy, settings);
  const secret = deploy.ensurePreviewSecret();
  const token = signPreviewClaim(secret, {
    remote: name,
    version,
    expires: Math.floor(until.getTime() / 1000),
    // Its own id (pnpm release preview revoke), its key, and when it was made (revoking all of a remote's).
    id: newLinkId(),
    issued: Math.floor(now.getTime() / 1000),
    ...(options.by === undefined ? {} : { by: options.by }),
  });
  return {
    version,
    link: previewLink(siteOrigin({ siteOrigin: settings.siteUrl, ...settings }), token),
    until,
    forced: [],
  };
}

/** Checks a build against the shell and publishes it without traffic, then makes its link. */
export function releasePreview(
  ref: DeployRef,
  name: RemoteName,
  options: PreviewOptions & { buildDir: string; force?: boolean },
): PreviewOutcome {
  const deploy = openDeploy(ref);
  requireBuild(name, options.buildDir);
  const forced = contractProblems(deploy, name, options.buildDir, options.force ?? false);
  const version = deploy.publishRemoteBuild(name, options.buildDir);
  return { ...openPreview(deploy, name, version, options), forced };
}

/** What the command prints: the link alone on the last line, for a pipeline to pick up. */
export function describePreview(name: RemoteName, outcome: PreviewOutcome): string {
  const { folder } = remotes[name];
  return (
    `Preview of ${folder} ${outcome.version}: no visitor gets it; the browser that opens this link sees it on ` +
    `every page, with a banner, until ${outcome.until.toISOString()}.\n${outcome.link}`
  );
}

/**
 * A link that makes the browser opening it load the remote from a dev server on the developer's own machine
 * (pnpm dev <remote> --against): signed like a preview link, for a loopback origin only, nothing published.
 */
export function devPreviewLink(
  deploy: DeployRef,
  name: RemoteName,
  dev: string,
  options: PreviewOptions,
): { link: string; until: Date } {
  const settings = options.settings;
  const hours = previewHours(options.hours, settings.previewHours);
  const until = new Date((options.now ?? new Date()).getTime() + hours * 3_600_000);
  const token = devOverrideToken(openDeploy(deploy).ensurePreviewSecret(), name, dev, hours, options.by);
  return {
    link: previewLink(siteOrigin({ siteOrigin: settings.siteUrl, ...settings }), token),
    until,
  };
}
