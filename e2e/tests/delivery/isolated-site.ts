import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { originOf, type RemoteName, remotes, shell } from 'build-config/topology';
import { readRemoteMap as readDeployedRemoteMap } from 'deploy-folder/remote-map-file';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { hostSettings } from 'platform-kit/settings/hosts';
import { publishAll } from 'releases/changes/publish-site';
import { serveDeploy } from 'site-hosting/serve-deploy';
import { buildChangedRemote, copyRemoteBuild } from './remote-builds.ts';

/**
 * A second production site just for the release tests: its own deploy folder and its own ports (the suite's
 * base + 50), served by the same production server code, so releasing and rolling back here never touches
 * the deploy folder or remote map the rest of the suite uses.
 */
export const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const workDir = join(repoRoot, '.data', 'e2e-delivery');
const suiteBase = Number(process.env.AGENCY_PORT_BASE ?? '4100');

export const siteEnv: NodeJS.ProcessEnv = {
  ...process.env,
  AGENCY_PORT_BASE: String(suiteBase + 50),
  AGENCY_DEPLOY_DIR: join(workDir, 'deploy'),
};
export const deploy = join(workDir, 'deploy');
export const siteOrigin = originOf(shell, siteEnv);
export const remoteOriginOf = (name: RemoteName) => originOf(remotes[name], siteEnv);

/** Publishes the current builds into the isolated deploy folder and serves it; returns a stop function. */
export async function startIsolatedSite(): Promise<() => Promise<void>> {
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  publishAll(deploy, loadChangeSettings(siteEnv));
  const servers: Server[] = await serveDeploy(deploy, hostSettings(siteEnv));
  return async () => {
    await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  };
}

export interface CommandResult {
  status: number | null;
  output: string;
}

/**
 * A hang guard for one `pnpm release` (or rollback) a delivery test runs: a release renders the build in the
 * gates and prerenders every page, which passed 60 s on a slow two-core CI machine.
 */
export const releaseCommandTimeoutMs = 180_000;

/** Runs a command of the program (release, rollback) exactly as `pnpm release …` does, in the isolated environment. */
export function runScript(command: string, args: readonly string[]): CommandResult {
  const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
  const result = spawnSync(tsx, [join('platform', 'cli', 'src', 'main.ts'), command, ...args], {
    cwd: repoRoot,
    env: siteEnv,
    encoding: 'utf8',
    timeout: releaseCommandTimeoutMs,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** A changed build of mf-marketing (remote-builds.ts), in this site's scratch folder. */
export const buildChangedMarketing = (label: string, edit: (sourceDir: string) => void) =>
  buildChangedRemote('mf_marketing', join(workDir, label), siteEnv, edit);

/** A copy of mf-marketing's build with a rewritten manifest (remote-builds.ts). */
export const copyMarketingBuild = (label: string, rewrite: (manifest: Record<string, unknown>) => void) =>
  copyRemoteBuild('mf_marketing', join(workDir, label), rewrite);

/**
 * A file's bytes as the digest counts them: the audit log by its changes only, since every upload, refused ones
 * too, leaves a line there (issue 40) and a refusal changes nothing.
 */
function contentOf(name: string, path: string): Buffer | string {
  if (!name.endsWith('audit.jsonl')) return readFileSync(path);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => !line.includes('"action":"upload"'))
    .join('\n');
}

/** A digest of every file of a folder (path and bytes), leaving out the named files. */
export function folderDigest(dir: string, except: readonly string[] = []): Record<string, string> {
  const digest: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      const name = relative(dir, path);
      if (except.includes(name)) continue;
      if (entry.isDirectory()) walk(path);
      else digest[name] = createHash('sha256').update(contentOf(name, path)).digest('hex');
    }
  };
  walk(dir);
  return digest;
}

/** The isolated site's remote map as name → manifest URL (a sealed release's entry also carries its SHA-384). */
export const readRemoteMap = () => readDeployedRemoteMap(deploy);
