/**
 * Which environment a change works in, on a host with staging (AGENCY_STAGING=on: docs/releasing.md#staging).
 * A release, a rollback and a preview name theirs (`env`); staging's is a whole deploy of its own inside
 * production's, changed in staging's environment (its own ports and origins). The audit log is production's, one
 * for both environments, and names the environment of each change only where staging is on, so a host without
 * staging writes the entries it always wrote.
 */
import type { DeployEnvironment } from 'build-config/release-protocol';
import { type Deploy, openDeploy } from 'deploy-folder/deploy';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { stagingDeployDir } from 'deploy-model/layout';
import type { EnvironmentSettings } from './environment-settings.ts';

export interface OperationEnvironment {
  /** The deploy the change works in: staging's or production's. */
  deploy: Deploy;
  /** Production's deploy: where the audit log is, and where a promotion lands. */
  production: Deploy;
  /** The settings the change runs with: staging's ports and origins for staging. */
  settings: ChangeSettings;
  /** What the change's audit entries add: `{ env }` on a host with staging, nothing on one without. */
  audit: { env?: DeployEnvironment };
}

/**
 * The environment of a change asked for `target` (staging's only when asked, and only on a host with staging:
 * deploy-model's environmentOf refuses it on one without), with the service's settings of both.
 */
export function operationEnvironment(
  deployPath: string,
  target: DeployEnvironment | undefined,
  settings: EnvironmentSettings,
): OperationEnvironment {
  const production = openDeploy(deployPath);
  const onStaging = target === 'staging';
  if (onStaging && settings.staging === undefined)
    throw new Error('This host has no staging environment (AGENCY_STAGING is off here). Nothing changed.');
  return {
    production,
    deploy: onStaging ? openDeploy(stagingDeployDir(production.path)) : production,
    settings: onStaging && settings.staging ? settings.staging : settings.production,
    audit: settings.staging ? { env: onStaging ? 'staging' : 'production' } : {},
  };
}

/** Staging's deploy beside production's, for a promotion. */
export const stagingOf = (production: Deploy) => openDeploy(stagingDeployDir(production.path));
