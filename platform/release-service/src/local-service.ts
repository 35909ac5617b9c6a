/**
 * The host's side of the client's connection (release-client's connection.ts): the operator's key from the deploy
 * folder, and a service started for one command on a free loopback port when the site is not running. The
 * command line loads this only on the host (platform/cli/src/local-service.ts); a team's CI never does.
 */
import type { LocalService } from 'release-client/connection';
import { ensureOperatorKey } from './keys.ts';
import { startReleaseService } from './server.ts';
import type { ServiceSettings } from './service-settings.ts';

/**
 * The host's side for a command whose service (for that one command) has the settings `settings`, parsed by the
 * command's entry, and starts each change's child with `childEnv`, the environment they were parsed from.
 */
export const localServiceIn = (settings: ServiceSettings, childEnv: NodeJS.ProcessEnv): LocalService => ({
  operatorKey: async (deploy) => ensureOperatorKey(deploy),
  start: (deploy) =>
    startReleaseService({ deploy, settings, childEnv, host: '127.0.0.1', port: 0, watch: false }),
});
