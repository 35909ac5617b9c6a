/**
 * The model nginx's configuration is generated from, by the same settings the embedded host takes
 * (serve-deploy.ts), parsed by the process's entry (platform-kit/settings/hosts' nginxSettings): ports from
 * build-config/topology and AGENCY_PORT_BASE, addresses from AGENCY_HOST, the trusted proxies from
 * AGENCY_TRUST_PROXY and AGENCY_TRUST_PROXY_FROM. writeNginxFiles puts the configuration and the njs module into one
 * folder, the configuration naming the module and the deploy by absolute path.
 */

import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { portAt, remoteNames, remotes, shell } from 'build-config/topology';
import { isAddressRange } from 'build-config/trusted-proxy';
import {
  inlineScriptsIndexName,
  pageFileName,
  pagesDir,
  previewRevocationsFile,
  previewSecretFile,
  previewSessionFile,
} from 'deploy-model/layout';
import type { NginxSettings } from 'platform-kit/settings/hosts';
import { loopbackAddresses } from '../static-host/listen.ts';
import { bundleNjsModule } from './bundle.ts';
import { type NginxModel, nginxConfig } from './config.ts';
import type { NjsModel } from './njs/model.ts';

/** Where a service behind nginx is reached from outside (its own host and port settings) and inside. */
export interface UpstreamSettings {
  host: string;
  port: number;
  url: string;
}

export interface NginxOptions {
  /** The enquiry API and the release service: nginx then listens where each would, and passes to its URL. */
  upstreams?: { enquiryApi: UpstreamSettings; releaseService: UpstreamSettings };
  tls?: { certificate: string; key: string };
  serverName?: string;
  user?: string;
}

/** What nginx's set_real_ip_from takes; the CLI checks --trust-proxy-from with it. */
export { isAddressRange };

/** Whether this machine has ::1 (a container may have no IPv6): nginx refuses to start on an address it lacks. */
function hasAddress(address: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(0, address, () => probe.close(() => done(true)));
  });
}

/** How nginx writes an address in `listen`: IPv6 in brackets. */
const listenAddress = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** AGENCY_HOST's address, or each loopback address this machine has. */
async function listenAddresses(host: string | undefined): Promise<string[]> {
  if (host !== undefined) return [listenAddress(host)];
  const present = await Promise.all(loopbackAddresses.map(hasAddress));
  return loopbackAddresses.filter((_, index) => present[index]).map(listenAddress);
}

const upstreamOf = ({ host, port, url }: UpstreamSettings) => ({
  addresses: [listenAddress(host)],
  port,
  url,
});

export function njsModel(deploy: string, policyCache?: string): NjsModel {
  return {
    deploy,
    shellFolder: shell.folder,
    pagesFolder: pagesDir('.'),
    inlineScriptsIndexName,
    previewSecret: previewSecretFile('.'),
    previewRevocations: previewRevocationsFile('.'),
    previewSessions: dirname(previewSessionFile('.', 'any')),
    notFoundPage: pageFileName(null),
    policyCache,
  };
}

export async function nginxModel(
  deploy: string,
  dir: string,
  settings: NginxSettings,
  options: NginxOptions = {},
): Promise<NginxModel> {
  const upstreams = options.upstreams;
  return {
    deploy,
    files: {
      njsModule: join(dir, 'site.js'),
      njsPreviewModule: join(dir, 'preview.js'),
      pidFile: join(dir, 'nginx.pid'),
      errorLog: join(dir, 'error.log'),
      accessLog: join(dir, 'access.log'),
      tempDir: join(dir, 'temp'),
    },
    sites: [
      { name: 'shell', folder: shell.folder, port: portAt(shell, settings.portBase), shell: true },
      ...remoteNames.map((name) => ({
        name,
        folder: remotes[name].folder,
        port: portAt(remotes[name], settings.portBase),
        shell: false,
      })),
    ],
    addresses: await listenAddresses(settings.host),
    trustProxy: settings.trustProxy,
    trustedProxies: settings.trustProxyFrom,
    upstreams: upstreams && [
      { name: 'enquiry API', ...upstreamOf(upstreams.enquiryApi), uploads: false },
      { name: 'release service', ...upstreamOf(upstreams.releaseService), uploads: true },
    ],
    tls: options.tls,
    serverName: options.serverName,
    user: options.user,
  };
}

/**
 * The workers' user. nginx started as root switches its workers to `nobody` by default, which could not read
 * the deploy (a folder made by mkdtemp is 0700; the preview secret is 0600, like the operator key): the
 * workers run as the deploy folder's owner instead, who can read exactly what the site's own process can,
 * and nothing needs its mode changed. A master that is not root cannot switch users and ignores it.
 */
export function deployOwner(deploy: string): string {
  const { uid } = statSync(deploy);
  return execFileSync('id', ['-nu', String(uid)], { encoding: 'utf8' }).trim();
}

/**
 * The deploy folder, absolute and with links resolved (nginx follows no link on the way to a file,
 * disable_symlinks, so a deploy reached through one, such as /srv/site → /data/site, is named by its real
 * path); a missing one is refused, naming it.
 */
export function deployFolder(deploy: string): string {
  const absolute = resolve(deploy);
  let isFolder = false;
  try {
    isFolder = statSync(absolute).isDirectory();
  } catch {
    // Missing: said below.
  }
  if (!isFolder)
    throw new Error(`There is no deploy folder at ${absolute}: publish the site first (npm start).`);
  return realpathSync(absolute);
}

/**
 * Writes the configuration (configFile, default <dir>/nginx.conf) and the njs modules (site.js, preview.js) into dir,
 * created; nginx's pid, logs and temporary files go there too. Returns the paths.
 */
export async function writeNginxFiles(
  deploy: string,
  dir: string,
  settings: NginxSettings,
  options: NginxOptions & { configFile?: string } = {},
): Promise<{ configFile: string; njsFile: string; model: NginxModel }> {
  const absolute = deployFolder(deploy);
  const model = await nginxModel(absolute, resolve(dir), settings, options);
  mkdirSync(model.files.tempDir, { recursive: true });
  // The workers write the page policies they build here (njs/site.ts); nginx's own folder, not the deploy.
  const policyCache = join(resolve(dir), 'policy-cache');
  mkdirSync(policyCache, { recursive: true });
  // A master started as root runs its workers as options.user (nginx-config, the systemd unit): theirs to write.
  if (options.user && process.getuid?.() === 0) {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, options.user as string], { encoding: 'utf8' }));
    chownSync(policyCache, id('-u'), id('-g'));
  }
  writeFileSync(model.files.njsModule, await bundleNjsModule(njsModel(absolute, policyCache), 'site'));
  writeFileSync(model.files.njsPreviewModule, await bundleNjsModule(njsModel(absolute), 'preview'));
  const configFile = resolve(options.configFile ?? join(dir, 'nginx.conf'));
  writeFileSync(configFile, nginxConfig(model));
  return { configFile, njsFile: model.files.njsModule, model };
}
