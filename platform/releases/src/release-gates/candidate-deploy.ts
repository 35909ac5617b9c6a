/**
 * The deploy folder as it would be with a build released, without changing it: a copy, in the sandbox's view
 * (platform-kit/sandbox, site-pages' sandbox-view.ts), of what a render reads (the shell's Node build and
 * run-time files, the live version of every other remote), in which the remote's folder holds the build, staged
 * and sealed as a release seals it (integrity.ts), with its integrity record beside the others. The prerender's
 * transport (prerender/deploy-fetch.ts) reads it as it reads a deploy, checking every remote file against its
 * record, so the gates render the build exactly as visitors would get it once released, and a refused build
 * leaves the deploy as it was to the byte. No key, secret or log of `releases/` is in it.
 */
import { join } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import { sealVersion, writeIntegrityRecord } from 'deploy-folder/integrity';
import { manifestUrl, releaseVersion } from 'deploy-folder/publish';
import type { ChangeSettings } from 'deploy-model/change-settings';
import type { ResolvedRemoteMap } from 'federation/remote-map';
import { copyReadable, copyRenderView, makeReadable } from 'site-pages/prerender/sandbox-view';
export interface CandidateDeploy {
  dir: string;
  version: string;
  /** The live default versions, with the build in its remote's place. */
  resolved: ResolvedRemoteMap;
}

/** Fills `dir` (a sandbox's view) with the candidate deploy; the caller removes the sandbox. */
export function candidateDeploy(
  site: Deploy,
  name: RemoteName,
  buildDir: string,
  settings: ChangeSettings,
  dir: string,
): CandidateDeploy {
  const { folder } = remotes[name];
  const version = releaseVersion(buildDir);
  const staged = join(dir, folder, version);
  copyReadable(buildDir, staged);
  const record = sealVersion(staged);
  writeIntegrityRecord(dir, folder, version, record);
  const resolved: ResolvedRemoteMap = {
    ...site.defaultVersions(),
    [name]: {
      url: manifestUrl(name, version, settings),
      version,
      integrity: record.manifest,
    },
  };
  copyRenderView(site.path, dir, resolved, { folder, version });
  makeReadable(dir);
  return { dir, version, resolved };
}
