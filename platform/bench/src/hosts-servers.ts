import { hostSettings, nginxSettings } from 'platform-kit/settings/hosts';
import { ensureNginx, serveDeployWithNginx } from 'site-hosting/nginx/serve';
import { serveDeploy } from 'site-hosting/serve-deploy';
import type { BenchHost } from './hosts-options.ts';

export interface RunningHost {
  stop(): Promise<void>;
}

/** The embedded host (serveDeploy) on the topology's ports, as npm start serves the deploy. */
async function startEmbedded(deploy: string, env: NodeJS.ProcessEnv): Promise<RunningHost> {
  const servers = await serveDeploy(deploy, hostSettings(env));
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

/** Each host on the same ports (AGENCY_PORT_BASE), as `pnpm serve` and `pnpm serve --nginx` serve the deploy. */
export async function startBenchHost(
  host: BenchHost,
  deploy: string,
  env: NodeJS.ProcessEnv,
): Promise<RunningHost> {
  if (host === 'embedded') return startEmbedded(deploy, env);
  ensureNginx(env);
  return serveDeployWithNginx(deploy, nginxSettings(env));
}
