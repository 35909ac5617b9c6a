/**
 * The host's side of a release command run on the host (the operator's key, a service for one command when the
 * site is not running), loaded only when it is needed, by a dynamic import: a team's CI, which names its service
 * with AGENCY_RELEASE_URL, never loads the release service's code.
 */
import type { LocalService } from 'release-client/connection';

const hostSide = async (childEnv: NodeJS.ProcessEnv) =>
  (await import('release-service/local-service')).localServiceIn(
    (await import('release-service/service-settings')).loadServiceSettings(childEnv),
    childEnv,
  );

/**
 * The host's side for a command whose process has the environment `childEnv`: the release service it starts for
 * one command parses its settings from it, only then (a team's CI never loads the service), and starts the
 * change's child with it.
 */
export const localServiceIn = (childEnv: NodeJS.ProcessEnv): LocalService => ({
  operatorKey: async (deploy) => (await hostSide(childEnv)).operatorKey(deploy),
  start: async (deploy) => (await hostSide(childEnv)).start(deploy),
});
