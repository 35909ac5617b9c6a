import type { Server } from 'node:http';
import { originAt, portAt, remoteNames, remotes, shell } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { readPreviewRevocations } from 'deploy-folder/preview/revocations';
import { shellHtmlHeaders, standalonePageHeaders } from 'deploy-folder/security-headers';
import { previewSessionFile, stagingDeployDir } from 'deploy-model/layout';
import { type HostSettings, stagingHostSide } from 'platform-kit/settings/hosts';
import { type SiteRoot, startStaticHost } from './static-host.ts';

/** A listening address as an origin: a service listening on every interface is reached on loopback. */
const serviceOrigin = ({ host, port }: { host: string; port: number }) => {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
};

/**
 * What each host of the deploy folder serves, and where: the shell first, then each remote. Every host listens
 * on AGENCY_HOST (unset: loopback only) and believes X-Forwarded-Proto from AGENCY_TRUST_PROXY proxies only
 * (`settings`: platform-kit/settings/hosts' hostSettings, where a bad value of either throws, naming it).
 */
export function siteRoots(
  ref: DeployRef,
  settings: HostSettings,
): Array<SiteRoot & { port: number; host?: string }> {
  const deploy = openDeploy(ref);
  const listening = { host: settings.host, trustProxy: settings.trustProxy };
  const shellDir = deploy.folder(shell.folder);
  return [
    {
      ...listening,
      port: portAt(shell, settings.portBase),
      dir: shellDir,
      spa: true,
      cors: false,
      pagesDir: deploy.pagesDir,
      htmlHeaders: shellHtmlHeaders(shellDir, deploy.pagesDir),
      preview: {
        secret: () => deploy.previewSecret(),
        revoked: () => readPreviewRevocations(deploy.path),
        sessionFile: (id) => previewSessionFile(deploy.path, id),
        // Where `npm start` runs it (AGENCY_RELEASE_HOST/PORT); nginx passes the same paths itself.
        releaseService: serviceOrigin(settings.releaseService),
      },
    },
    ...remoteNames.map((name) => ({
      ...listening,
      port: portAt(remotes[name], settings.portBase),
      dir: deploy.folder(remotes[name].folder),
      spa: false,
      cors: true,
      // Each released version's standalone page (<version>/index.html) is the remote's only HTML.
      htmlHeaders: standalonePageHeaders(shellDir),
    })),
  ];
}

/**
 * Staging's hosts (AGENCY_STAGING=on): its own deploy folder inside production's, served as production's is, on
 * its own ports (stagingHostSide). Its preview links are signed with staging's own secret (a preview with
 * --env staging, the default there: docs/releasing.md#staging); the page devtools' sessions are production's.
 */
export function stagingSiteRoots(
  ref: DeployRef,
  settings: HostSettings,
): Array<SiteRoot & { port: number; host?: string }> {
  return siteRoots(stagingDeployDir(openDeploy(ref).path), stagingHostSide(settings)).map((root) => {
    if (!root.preview) return root;
    const { secret, revoked } = root.preview;
    return { ...root, preview: { secret, revoked } };
  });
}

/**
 * Serves the deploy folder the way a static host/CDN would: the shell on its port, each remote on its own; and
 * with AGENCY_STAGING=on, staging's beside them in the same process.
 */
export async function serveDeploy(deploy: DeployRef, settings: HostSettings): Promise<Server[]> {
  const staging = settings.staging ? stagingSiteRoots(deploy, settings) : [];
  return startStaticHost([...siteRoots(deploy, settings), ...staging]);
}

/** Staging's shell origin, beside production's of these settings. */
export const stagingUrl = (settings: Pick<HostSettings, 'portBase'>) =>
  originAt(shell, stagingHostSide(settings).portBase);

/** The shell's local origin. */
export const siteUrl = (settings: Pick<HostSettings, 'portBase'>) => originAt(shell, settings.portBase);
