import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type RemoteName, remotes, shell } from 'build-config/topology';
import { shellSiteDescription } from 'deploy-folder/site-description';
import { checkRemoteManifest, type RemoteExpectations } from 'federation/compatibility';
import { declaredExposes } from 'federation/declared-exposes';
import { appDist } from 'platform-kit/paths';

/**
 * The contract check: a remote's built mf-manifest.json against what the shell build imports from it (its
 * site.json; federation/src/site-description.ts), what the remote's src/exposes.ts declares, and the singleton versions
 * the shell build provides. The same rules the shell applies at run time (federation/src/compatibility.ts).
 */

export function readManifest(file: string): unknown {
  if (!existsSync(file)) throw new Error(`${file} does not exist: build it first`);
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message})`);
  }
}

/**
 * What a shell build lends its remotes, read once from that build's mf-manifest.json: its singletons
 * (package → version), the exports its copy of each narrowed shared package has (metaData.sharedExports, absent
 * in a shell built before they were recorded) and the Module Federation version it was built with, whose runtime
 * the remotes run on. The singletons are the build's own, not today's topology.ts: a release is checked against
 * the shell deployed in its environment, whatever it lends.
 */
export function shellLends(
  shellManifestFile: string,
): Pick<RemoteExpectations, 'provided' | 'shipped' | 'runtime'> {
  if (!existsSync(shellManifestFile)) {
    throw new Error(
      `No shell to check against: ${shellManifestFile} does not exist; build the shell (pnpm --filter shell build)`,
    );
  }
  const manifest = readManifest(shellManifestFile) as {
    shared?: unknown;
    metaData?: { pluginVersion?: unknown; sharedExports?: unknown };
  };
  const shared = Array.isArray(manifest.shared) ? (manifest.shared as Record<string, unknown>[]) : [];
  const provided: Record<string, string> = {};
  for (const entry of shared) {
    if (entry.singleton === true && typeof entry.name === 'string' && typeof entry.version === 'string') {
      provided[entry.name] = entry.version;
    }
  }
  if (Object.keys(provided).length === 0) {
    throw new Error(`${shellManifestFile} provides no singletons; is this the shell's build?`);
  }
  const runtime = manifest.metaData?.pluginVersion;
  if (typeof runtime !== 'string') {
    throw new Error(
      `${shellManifestFile} does not name its Module Federation version; is this the shell's build?`,
    );
  }
  const shipped: Record<string, string[]> = {};
  const sharedExports = manifest.metaData?.sharedExports;
  if (typeof sharedExports === 'object' && sharedExports !== null) {
    for (const [name, names] of Object.entries(sharedExports)) {
      if (Array.isArray(names) && names.every((each) => typeof each === 'string')) shipped[name] = names;
    }
  }
  return { provided, shipped, runtime };
}

/**
 * The shell a release is checked against: the one deployed in this environment when there is one (that is
 * what the remote will run inside), else the shell's current build.
 */
export function shellManifestFor(deploy?: string): string {
  const deployed = deploy && join(deploy, shell.folder, 'mf-manifest.json');
  if (deployed && existsSync(deployed)) return deployed;
  return join(appDist(shell.folder), 'mf-manifest.json');
}

/**
 * Every incompatibility of one remote build with the shell; empty when compatible. What the shell imports is
 * read from the same shell build as what it lends (its site.json beside its manifest), never from this checkout.
 */
export function checkRemoteBuild(name: RemoteName, buildDir: string, shellManifestFile: string): string[] {
  return checkRemoteManifest(readManifest(join(buildDir, 'mf-manifest.json')), {
    remote: name,
    imports: shellSiteDescription(dirname(shellManifestFile)).imports[name],
    declared: declaredExposes[name],
    ...shellLends(shellManifestFile),
  });
}

/** The check of the test command: every remote's dist/ against the shell's dist/. */
export function checkAllBuilds(): Record<RemoteName, string[]> {
  const shellManifest = shellManifestFor();
  return Object.fromEntries(
    (Object.keys(remotes) as RemoteName[]).map((name) => [
      name,
      checkRemoteBuild(name, appDist(remotes[name].folder), shellManifest),
    ]),
  ) as Record<RemoteName, string[]>;
}
