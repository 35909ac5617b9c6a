/**
 * Which environment a change works in, on a host with staging (AGENCY_STAGING=on: docs/releasing.md#staging).
 * A release, a rollback and a preview name theirs (`env`); staging's is a whole deploy of its own inside
 * production's, changed in staging's environment (its own ports and origins). The audit log is production's, one
 * for both environments, and names the environment of each change only where staging is on, so a host without
 * staging writes the entries it always wrote.
 */
import type { DeployEnvironment } from 'build-config/release-protocol';
import { type Deploy, openDeploy } from 'deploy-folder/deploy';
import { stagingDeployDir } from 'deploy-model/layout';
import { stagingEnvironment, stagingSetting } from 'platform-kit/settings/site';

export interface OperationEnvironment {
  /** The deploy the change works in: staging's or production's. */
  deploy: Deploy;
  /** Production's deploy: where the audit log is, and where a promotion lands. */
  production: Deploy;
  /** The environment the change runs in: staging's ports and origins for staging. */
  env: NodeJS.ProcessEnv;
  /** What the change's audit entries add: `{ env }` on a host with staging, nothing on one without. */
  audit: { env?: DeployEnvironment };
}

/** The environment of a change asked for `target` (staging's only when asked), in the service's `env`. */
export function operationEnvironment(
  deployPath: string,
  target: DeployEnvironment | undefined,
  env: NodeJS.ProcessEnv,
): OperationEnvironment {
  const production = openDeploy(deployPath);
  const onStaging = target === 'staging';
  return {
    production,
    deploy: onStaging ? openDeploy(stagingDeployDir(production.path)) : production,
    env: onStaging ? stagingEnvironment(env) : env,
    audit: stagingSetting(env) ? { env: onStaging ? 'staging' : 'production' } : {},
  };
}

/** Staging's deploy beside production's, for a promotion. */
export const stagingOf = (production: Deploy) => openDeploy(stagingDeployDir(production.path));
