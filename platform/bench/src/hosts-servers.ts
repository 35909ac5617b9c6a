import type { HostSettings, NginxSettings } from 'platform-kit/settings/hosts';
import { serveDeployWithNginx } from 'site-hosting/nginx/serve';
import { serveDeploy } from 'site-hosting/serve-deploy';
import type { BenchHost } from './hosts-options.ts';

export interface RunningHost {
  stop(): Promise<void>;
}

/** The embedded host (serveDeploy) on the topology's ports, as npm start serves the deploy. */
async function startEmbedded(deploy: string, settings: HostSettings): Promise<RunningHost> {
  const servers = await serveDeploy(deploy, settings);
  return {
    stop: () =>
      Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise<void>((resolveClose) => server.close(() => resolveClose()));
        }),
      ).then(() => undefined),
  };
}

/**
 * Each host on the same ports (AGENCY_PORT_BASE), as `pnpm serve` and `pnpm serve --nginx` serve the deploy, by
 * the settings the entry parsed (settings.ts's loadHostsBenchSettings); nginx is installed by then (hosts.ts).
 */
export async function startBenchHost(
  host: BenchHost,
  deploy: string,
  settings: { hosts: HostSettings; nginx: NginxSettings },
): Promise<RunningHost> {
  return host === 'embedded'
    ? startEmbedded(deploy, settings.hosts)
    : serveDeployWithNginx(deploy, settings.nginx);
}
