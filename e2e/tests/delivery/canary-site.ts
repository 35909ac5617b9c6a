import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { enquiryApi, enquiryApiBehindProxy, originOf, shell } from 'build-config/topology';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { bucketCookie, bucketOf, newBucketIdentifier } from 'federation/bucket';
import type { SiteHost, SiteOptions } from '../../fixtures.ts';
import { portBaseEnv } from '../../sites/port-base.ts';

/**
 * The composed production site exactly as `npm start --no-build` runs it (the static hosts, the enquiry API and
 * the canary watcher in one process; with `--nginx`, nginx serving the deploy in place of the static hosts), on
 * ports of its own (the project's base + 70), its own deploy folder and its own API data, for the canary tests.
 * The watcher checks every second and judges after a few views, so an automatic abort happens within a test; the
 * beacon limit is raised as the suite's form limit is.
 */
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

export interface CanarySite {
  env: NodeJS.ProcessEnv;
  deploy: string;
  origin: string;
  /** Its enquiry API as the canary check reads GET /remote-health from it (healthOrigin). */
  apiOrigin: string;
  scratchDir: string;
  siteHost: SiteHost;
}

/** The canary site of a project: each host has its own ports and folders, so both run in one suite run. */
export function canarySite({ portBase, siteHost }: SiteOptions): CanarySite {
  const workDir = join(repoRoot, '.data', siteHost === 'nginx' ? 'e2e-canary-nginx' : 'e2e-canary');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...portBaseEnv(portBase + 70),
    AGENCY_DEPLOY_DIR: join(workDir, 'deploy'),
    ENQUIRY_DATA_DIR: join(workDir, 'api'),
    ENQUIRY_BEACON_RATE_LIMIT: '1000',
    ENQUIRY_RATE_LIMIT: '1000',
    ENQUIRY_LOG_LEVEL: 'warn',
    AGENCY_CANARY_CHECK_SECONDS: '1',
    AGENCY_CANARY_MIN_VIEWS: '6',
    // These specs judge real visitors' views: the service's own synthetic visits (issue 41, item 5) are off.
    AGENCY_CANARY_SYNTHETIC: 'off',
    // Every browser of the suite is one client on loopback: the verdict's distinct visitors and the API's daily
    // share per client are lowered and raised for it (their own tests use many addresses: verdict.test.ts,
    // attacks.test.ts, remote-health-share.test.ts).
    AGENCY_CANARY_MIN_CLIENTS: '1',
    AGENCY_CANARY_MIN_NETWORKS: '1',
    ENQUIRY_HEALTH_MAX_LOADS_PER_CLIENT: '1000',
    ENQUIRY_HEALTH_MAX_LOADS_PER_NETWORK: '1000',
  };
  return {
    env,
    deploy: join(workDir, 'deploy'),
    origin: originOf(shell, env),
    apiOrigin: healthOrigin(env, siteHost),
    scratchDir: join(workDir, 'builds'),
    siteHost,
  };
}

/** The live versions of a remote in the canary site's map, default first. */
export const liveVersions = (site: CanarySite, remote: 'mf_marketing') =>
  (readRemoteMapDocument(site.deploy).microFrontends[remote] ?? []).map(({ metadata, deployment }) => ({
    version: metadata.version,
    ...deployment,
  }));

/** A visitor identifier in buckets [from, to), as the static host would have given one. */
export function identifierInBuckets(from: number, to: number): string {
  for (;;) {
    const id = newBucketIdentifier();
    if (bucketOf(id) >= from && bucketOf(id) < to) return id;
  }
}

export const bucketCookieFor = (value: string, url: string) => ({ name: bucketCookie, value, url });

/**
 * Where the canary check reads GET /remote-health, which answers a direct loopback client only (no key needed):
 * the API's own port, or behind nginx its internal port (nginx is a proxy, not the client).
 */
export const healthOrigin = (env: NodeJS.ProcessEnv, siteHost: SiteHost) =>
  originOf(siteHost === 'nginx' ? enquiryApiBehindProxy : enquiryApi, env);

/** `platform/cli/src/main.ts start`'s argument that serves the deploy with the host. */
export const hostArguments = (siteHost: SiteHost) => (siteHost === 'nginx' ? ['--nginx'] : []);

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Starts the site; resolves once its pages answer. Returns the function that stops it (and its API). */
export async function startCanarySite(site: CanarySite): Promise<ComposedSite> {
  rmSync(dirname(site.deploy), { recursive: true, force: true });
  mkdirSync(site.scratchDir, { recursive: true });
  return runComposedSite(site.env, ['--no-build', ...hostArguments(site.siteHost)]);
}

export interface ComposedSite {
  stop: () => Promise<void>;
  output: () => string;
}

/**
 * Runs `platform/cli/src/main.ts start` with `args` in `env`, as `npm start` does, below the suite's priority; resolves once
 * the site's pages answer. Returns the function that stops it (and its API) and what it printed.
 */
export async function runComposedSite(
  env: NodeJS.ProcessEnv,
  args: readonly string[],
): Promise<ComposedSite> {
  const origin = originOf(shell, env);
  let output = '';
  const child: ChildProcess = spawn(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    ['platform/cli/src/main.ts', 'start', ...args],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  // Below the suite's own server and browsers: its prerendering must not stretch the timings of other tests.
  if (child.pid !== undefined) setPriority(child.pid, 10);
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 90_000;
  while (!(await answers(origin))) {
    if (child.exitCode !== null) throw new Error(`The site stopped:\n${output}`);
    if (Date.now() > deadline) throw new Error(`The site did not answer within 90 s:\n${output}`);
    await new Promise((done) => setTimeout(done, 250));
  }
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  return { stop, output: () => output };
}
