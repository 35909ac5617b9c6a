import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { localRuntimeConfig } from 'shared-content/site';
import { enquiryApi, originOf, type RemoteName, remotes, shell } from 'shared-content/topology';
import { appDist } from './paths.ts';
import { setRemoteEntry, writeFileAtomic } from './remote-map-file.ts';

/** Files of the shell's folder that belong to the environment, not to a shell build. */
const environmentFiles = new Set(['remotes.json', 'runtime.json']);

/** A release's version: the package version plus a hash of its manifest (which names every hashed file). */
export function releaseVersion(folder: string): string {
  const dist = appDist(folder);
  const manifest = join(dist, 'mf-manifest.json');
  if (!existsSync(manifest)) throw new Error(`${folder} has no build at ${dist}: run its build first`);
  const { version } = JSON.parse(readFileSync(join(dist, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const hash = createHash('sha256').update(readFileSync(manifest)).digest('hex').slice(0, 8);
  return `${version}-${hash}`;
}

/** The URL a published remote version's manifest is served at by the production server. */
export function manifestUrl(name: RemoteName, version: string, env?: NodeJS.ProcessEnv): string {
  return `${originOf(remotes[name], env)}/${version}/mf-manifest.json`;
}

/** Copies a remote's build into deploy/<folder>/<version>/ (idempotent) and returns the version. */
export function publishRemoteBuild(deploy: string, name: RemoteName): string {
  const { folder } = remotes[name];
  const version = releaseVersion(folder);
  const target = join(deploy, folder, version);
  if (!existsSync(target)) {
    const staging = `${target}.staging`;
    rmSync(staging, { recursive: true, force: true });
    cpSync(appDist(folder), staging, { recursive: true });
    // Rename last so the server never serves a half-copied version.
    renameSync(staging, target);
  }
  return version;
}

/** Publishes a remote and points the environment's remote map at it. */
export function releaseRemote(deploy: string, name: RemoteName, env?: NodeJS.ProcessEnv): string {
  const version = publishRemoteBuild(deploy, name);
  setRemoteEntry(deploy, name, manifestUrl(name, version, env));
  return version;
}

/** Replaces the shell's files in deploy/shell, keeping the environment's remotes.json and runtime.json. */
export function publishShell(deploy: string) {
  const target = join(deploy, shell.folder);
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(target)) {
    if (!environmentFiles.has(entry)) rmSync(join(target, entry), { recursive: true, force: true });
  }
  cpSync(appDist(shell.folder), target, { recursive: true });
}

/** Writes runtime.json with the embedded defaults unless the environment already has one. */
export function ensureRuntimeConfig(deploy: string, env?: NodeJS.ProcessEnv) {
  const file = join(deploy, shell.folder, 'runtime.json');
  if (existsSync(file)) return;
  writeFileAtomic(file, `${JSON.stringify(localRuntimeConfig(originOf(enquiryApi, env)), null, 2)}\n`);
}
