import { serveDeploy } from '../lib/site.ts';
import type { BenchHost } from './hosts-options.ts';

export interface RunningHost {
  stop(): Promise<void>;
}

/** The embedded host (serveDeploy) on the topology's ports, as npm start serves the deploy. */
async function startEmbedded(deploy: string, env: NodeJS.ProcessEnv): Promise<RunningHost> {
  const servers = await serveDeploy(deploy, env);
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

export async function startBenchHost(
  host: BenchHost,
  deploy: string,
  env: NodeJS.ProcessEnv,
): Promise<RunningHost> {
  if (host === 'embedded') return startEmbedded(deploy, env);
  throw new Error('nginx is not wired into the bench yet');
}
