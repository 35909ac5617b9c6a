/**
 * The settings of both environments a change may work in (issue 43, item 4), parsed once by the process's entry
 * (the release operation's child, the release service): production's from the environment it was started with,
 * and, on a host with staging (AGENCY_STAGING=on), staging's from staging's environment (platform-kit's
 * stagingEnvironment: every port shifted, no CDN origin, no public origin), by the same rules and messages.
 * The functions of this package take these; none takes the environment.
 */

import { type ChangeSettings, loadChangeSettings } from 'deploy-model/change-settings';
import type { Env } from 'platform-kit/settings/read';
import { stagingEnvironment, stagingSetting } from 'platform-kit/settings/site';

export interface EnvironmentSettings {
  /** Production's: its ports and origins, the canary rules, the health source. */
  production: ChangeSettings;
  /** Staging's, on a host with staging; absent on one without (AGENCY_STAGING unset or off). */
  staging?: ChangeSettings;
}

/** Both environments' settings, each checked at once: a bad value throws, naming its variable. */
export function loadEnvironmentSettings(env: Env): EnvironmentSettings {
  const production = loadChangeSettings(env);
  return stagingSetting(env)
    ? { production, staging: loadChangeSettings(stagingEnvironment(env)) }
    : { production };
}
