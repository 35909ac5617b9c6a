/**
 * The deploy folder as it would be with a build released, without changing it: a temporary folder of links to
 * the deploy's own files, in which the remote's folder also holds the build, staged and sealed as a release
 * seals it (integrity.ts), with its integrity record beside the others. The prerender's transport
 * (prerender/deploy-fetch.ts) reads it as it reads a deploy, checking every remote file against its record, so
 * the gates render the build exactly as visitors would get it once released, and a refused build leaves the
 * deploy as it was to the byte.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RemoteName, remotes } from 'build-config/topology';
import type { Deploy } from 'deploy-folder/deploy';
import { sealVersion, writeIntegrityRecord } from 'deploy-folder/integrity';
import { manifestUrl, releaseVersion } from 'deploy-folder/publish';
import type { ResolvedRemoteMap } from 'federation/remote-map';

export interface CandidateDeploy {
  dir: string;
  version: string;
  /** The live default versions, with the build in its remote's place. */
  resolved: ResolvedRemoteMap;
  remove(): void;
}

/** Links every entry of `from` into `to` except those named in `except`. */
function linkEntries(from: string, to: string, except: readonly string[]) {
  mkdirSync(to, { recursive: true });
  if (!existsSync(from)) return;
  for (const entry of readdirSync(from)) {
    if (!except.includes(entry)) symlinkSync(join(from, entry), join(to, entry));
  }
}

export function candidateDeploy(
  site: Deploy,
  name: RemoteName,
  buildDir: string,
  env: NodeJS.ProcessEnv,
): CandidateDeploy {
  const deploy = site.path;
  const { folder } = remotes[name];
  const version = releaseVersion(buildDir);
  const dir = mkdtempSync(join(tmpdir(), 'release-gates-'));
  try {
    linkEntries(deploy, dir, [folder, 'releases']);
    linkEntries(join(deploy, folder), join(dir, folder), [version]);
    linkEntries(join(deploy, 'releases'), join(dir, 'releases'), [folder]);
    linkEntries(join(deploy, 'releases', folder), join(dir, 'releases', folder), [
      `${version}.integrity.json`,
    ]);
    const staged = join(dir, folder, version);
    cpSync(buildDir, staged, { recursive: true });
    const record = sealVersion(staged);
    writeIntegrityRecord(dir, folder, version, record);
    const resolved: ResolvedRemoteMap = {
      ...site.defaultVersions(),
      [name]: { url: manifestUrl(name, version, env), version, integrity: record.manifest },
    };
    return { dir, version, resolved, remove: () => rmSync(dir, { recursive: true, force: true }) };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
