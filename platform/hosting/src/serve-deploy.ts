import type { Server } from 'node:http';
import { originOf, portOf, remoteNames, remotes, shell } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { readPreviewRevocations } from 'deploy-folder/preview/revocations';
import { shellHtmlHeaders, standalonePageHeaders } from 'deploy-folder/security-headers';
import { previewSessionFile, stagingDeployDir } from 'deploy-model/layout';
import { releaseServiceAddress } from 'platform-kit/release-service-address';
import { stagingEnvironment, stagingSetting } from 'platform-kit/settings/site';
import { listenHost } from './static-host/listen.ts';
import { trustedProxyHops } from './static-host/proxy.ts';
import { type SiteRoot, startStaticHost } from './static-host.ts';

/** A listening address as an origin: a service listening on every interface is reached on loopback. */
const serviceOrigin = ({ host, port }: { host: string; port: number }) => {
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
};

/**
 * What each host of the deploy folder serves, and where: the shell first, then each remote. Every host listens
 * on AGENCY_HOST (unset: loopback only) and believes X-Forwarded-Proto from AGENCY_TRUST_PROXY proxies only;
 * a bad value of either throws, naming the variable.
 */
export function siteRoots(
  ref: DeployRef,
  env: NodeJS.ProcessEnv,
): Array<SiteRoot & { port: number; host?: string }> {
  const deploy = openDeploy(ref);
  const listening = { host: listenHost(env), trustProxy: trustedProxyHops(env) };
  const shellDir = deploy.folder(shell.folder);
  return [
    {
      ...listening,
      port: portOf(shell, env),
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
        releaseService: serviceOrigin(releaseServiceAddress(env)),
      },
    },
    ...remoteNames.map((name) => ({
      ...listening,
      port: portOf(remotes[name], env),
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
 * its own ports (stagingEnvironment). Its preview links are signed with staging's own secret (a preview with
 * --env staging, the default there: docs/releasing.md#staging); the page devtools' sessions are production's.
 */
export function stagingSiteRoots(
  ref: DeployRef,
  env: NodeJS.ProcessEnv,
): Array<SiteRoot & { port: number; host?: string }> {
  return siteRoots(stagingDeployDir(openDeploy(ref).path), stagingEnvironment(env)).map((root) => {
    if (!root.preview) return root;
    const { secret, revoked } = root.preview;
    return { ...root, preview: { secret, revoked } };
  });
}

/**
 * Serves the deploy folder the way a static host/CDN would: the shell on its port, each remote on its own; and
 * with AGENCY_STAGING=on, staging's beside them in the same process.
 */
export async function serveDeploy(deploy: DeployRef, env: NodeJS.ProcessEnv): Promise<Server[]> {
  const staging = stagingSetting(env) ? stagingSiteRoots(deploy, env) : [];
  return startStaticHost([...siteRoots(deploy, env), ...staging]);
}

export const stagingUrl = (env: NodeJS.ProcessEnv) => originOf(shell, stagingEnvironment(env));

export const siteUrl = (env: NodeJS.ProcessEnv) => originOf(shell, env);
