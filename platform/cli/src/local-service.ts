/**
 * The host's side of a release command run on the host (the operator's key, a service for one command when the
 * site is not running), loaded only when it is needed, by a dynamic import: a team's CI, which names its service
 * with AGENCY_RELEASE_URL, never loads the release service's code.
 */
import type { LocalService } from 'release-client/connection';

const hostSide = async () => (await import('release-service/local-service')).localService;

export const localService: LocalService = {
  operatorKey: async (deploy) => (await hostSide()).operatorKey(deploy),
  start: async (deploy, env) => (await hostSide()).start(deploy, env),
};
