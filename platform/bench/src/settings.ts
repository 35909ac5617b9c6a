/**
 * The bench's settings, parsed once by its entry (platform/cli/src/program.ts: pnpm bench, pnpm bench:hosts) from
 * the environment the program was started with: the environment the bench's own site runs in (its builds, its
 * enquiry API and its publishing: the process's, with deploy and data folders of the bench's own, so a bench never
 * deletes what a running site or another bench serves), and that environment parsed for the hosts, the site's
 * pages and the tools (platform-kit/settings/*: the same variables, rules and messages).
 */
import { join } from 'node:path';
import { originAt, shell } from 'build-config/topology';
import { type ChangeSettings, loadChangeSettings } from 'deploy-model/change-settings';
import { deployDir, repoRoot } from 'platform-kit/paths';
import {
  type HostSettings,
  hostSettings,
  type NginxSettings,
  nginxSettings,
} from 'platform-kit/settings/hosts';
import { loadSiteSettings, portBaseSetting, type SiteSettings } from 'platform-kit/settings/site';
import { loadToolSettings, type ToolSettings } from 'platform-kit/settings/tools';

const oneBundlePortOffset = 200;

/** pnpm bench's: its federated site (and the one bundle beside it) on AGENCY_PORT_BASE. */
export interface BenchSettings {
  /** The environment the builds, the enquiry API and the publishing run in: the bench's folders set. */
  childEnv: NodeJS.ProcessEnv;
  /** The federated site's settings, read from childEnv (its deploy folder, addresses, the API's data folder). */
  site: SiteSettings;
  /** The embedded hosts' settings, read from childEnv. */
  hosts: HostSettings;
  /** What publishing the federated site reads (releases' publishAll), read from childEnv. */
  change: ChangeSettings;
  tools: ToolSettings;
  /** The federated site's deploy folder, absolute; the one bundle's, and its port (AGENCY_PORT_BASE + 200). */
  deploy: string;
  oneBundleDeploy: string;
  oneBundlePort: number;
}

export function loadBenchSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const base = portBaseSetting(env);
  const folderSuffix = base === 3000 ? '' : `-${base}`;
  const oneBundlePort = base + oneBundlePortOffset;
  const childEnv: NodeJS.ProcessEnv = {
    ...env,
    AGENCY_DEPLOY_DIR: env.AGENCY_DEPLOY_DIR ?? `.data/bench-deploy${folderSuffix}`,
    ENQUIRY_DATA_DIR: env.ENQUIRY_DATA_DIR ?? `.data/bench-enquiry-api${folderSuffix}`,
    ENQUIRY_LOG_LEVEL: 'warn',
  };
  // The one-bundle site sends the same health beacons as the federated one: the API takes both, so neither
  // page meets a refusal the other does not (and the bench's output is not strewn with the API's warnings).
  childEnv.ENQUIRY_ALLOWED_ORIGINS ??= `${originAt(shell, base)},http://localhost:${oneBundlePort}`;
  const site = loadSiteSettings(childEnv);
  return {
    childEnv,
    site,
    hosts: hostSettings(childEnv),
    change: loadChangeSettings(childEnv),
    tools: loadToolSettings(env),
    // Taken as the site takes it: from the repository root when relative, as given when absolute.
    deploy: deployDir(site),
    oneBundleDeploy: join(repoRoot, `.data/bench-one-bundle${folderSuffix}`),
    oneBundlePort,
  };
}

/** pnpm bench:hosts's: one deploy folder of its own per port base, served by each host in turn. */
export interface HostsBenchSettings {
  /** The environment the publishing and nginx's installation run in: the deploy folder set. */
  childEnv: NodeJS.ProcessEnv;
  deploy: string;
  /** The embedded host's settings and nginx's, read from childEnv. */
  hosts: HostSettings;
  nginx: NginxSettings;
  /** What publishing reads (releases' publishAll), read from childEnv. */
  change: ChangeSettings;
}

export function loadHostsBenchSettings(env: NodeJS.ProcessEnv): HostsBenchSettings {
  const deploy = join(repoRoot, `.data/bench-hosts-deploy-${portBaseSetting(env)}`);
  const childEnv: NodeJS.ProcessEnv = { ...env, AGENCY_DEPLOY_DIR: deploy };
  return {
    childEnv,
    deploy,
    hosts: hostSettings(childEnv),
    nginx: nginxSettings(childEnv),
    change: loadChangeSettings(childEnv),
  };
}
