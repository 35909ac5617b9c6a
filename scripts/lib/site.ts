import type { Server } from 'node:http';
import { join } from 'node:path';
import { originOf, portOf, remoteNames, remotes, shell } from 'build-config/topology';
import { pagesDir } from './pages.ts';
import { shellHtmlHeaders } from './security/security-headers.ts';
import { type SiteRoot, startStaticHost } from './static-host.ts';

export { publishAll } from './publish-site.ts';

/** What each host of the deploy folder serves, and on which port: the shell first, then each remote. */
export function siteRoots(deploy: string, env?: NodeJS.ProcessEnv): Array<SiteRoot & { port: number }> {
  return [
    {
      port: portOf(shell, env),
      dir: join(deploy, shell.folder),
      spa: true,
      cors: false,
      pagesDir: pagesDir(deploy),
      htmlHeaders: shellHtmlHeaders(join(deploy, shell.folder), pagesDir(deploy)),
    },
    ...remoteNames.map((name) => ({
      port: portOf(remotes[name], env),
      dir: join(deploy, remotes[name].folder),
      spa: false,
      cors: true,
    })),
  ];
}

/** Serves the deploy folder the way a static host/CDN would: the shell on its port, each remote on its own. */
export function serveDeploy(deploy: string, env?: NodeJS.ProcessEnv): Promise<Server[]> {
  return startStaticHost(siteRoots(deploy, env));
}

export const siteUrl = (env?: NodeJS.ProcessEnv) => originOf(shell, env);
