/**
 * The host's side of the client's connection (release-client's connection.ts): the operator's key from the deploy
 * folder, and a service started for one command on a free loopback port when the site is not running. The
 * command line loads this only on the host (platform/cli/src/local-service.ts); a team's CI never does.
 */
import type { LocalService } from 'release-client/connection';
import { ensureOperatorKey } from './keys.ts';
import { startReleaseService } from './server.ts';

/** The host's side for a command run in an environment `env` (the service for one command reads its settings there). */
export const localServiceIn = (env: NodeJS.ProcessEnv): LocalService => ({
  operatorKey: async (deploy) => ensureOperatorKey(deploy),
  start: (deploy) => startReleaseService({ deploy, env, host: '127.0.0.1', port: 0, watch: false }),
});
