/**
 * The host's side of a release command run on the host (the operator's key, a service for one command when the
 * site is not running), loaded only when it is needed, by a dynamic import: a team's CI, which names its service
 * with AGENCY_RELEASE_URL, never loads the release service's code.
 */
import type { LocalService } from 'release-client/connection';

const hostSide = async (env: NodeJS.ProcessEnv) =>
  (await import('release-service/local-service')).localServiceIn(
    (await import('release-service/service-settings')).loadServiceSettings(env),
    env,
  );

/** The host's side for a command whose process has the environment `env` (a service it starts reads it). */
export const localServiceIn = (env: NodeJS.ProcessEnv): LocalService => ({
  operatorKey: async (deploy) => (await hostSide(env)).operatorKey(deploy),
  start: async (deploy) => (await hostSide(env)).start(deploy),
});
