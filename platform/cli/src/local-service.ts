/**
 * The host's side of a release command run on the host (the operator's key, a service for one command when the
 * site is not running), loaded only when it is needed, by a dynamic import: a team's CI, which names its service
 * with AGENCY_RELEASE_URL, never loads the release service's code.
 */
import type { LocalService } from 'release-client/connection';

const hostSide = async (serviceEnv: NodeJS.ProcessEnv) =>
  (await import('release-service/local-service')).localServiceIn(serviceEnv);

/**
 * The host's side for a command whose process has the environment `serviceEnv`: the release service it starts
 * for one command parses its own settings there (release-service takes no typed settings yet:
 * platform/dev-tools/src/typed-settings.test.ts lists this module among its pending handoffs).
 */
export const localServiceIn = (serviceEnv: NodeJS.ProcessEnv): LocalService => ({
  operatorKey: async (deploy) => (await hostSide(serviceEnv)).operatorKey(deploy),
  start: async (deploy) => (await hostSide(serviceEnv)).start(deploy),
});
