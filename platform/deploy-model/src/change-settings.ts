/**
 * What a change of the releases library (a release, a canary, its check, a preview) reads of its settings
 * (issue 43, item 4): parsed once, by the process's entry (the release operation's child, `npm start`, the
 * bench, a test), with the settings modules of platform-kit/settings and the canary rules beside it
 * (canary/rules.ts), and handed down typed. The library's functions take this object (or the fields they need:
 * SiteAddresses, SiteUrls); none takes the environment. Here rather than in releases, which is at its size.
 * docs/settings.md lists every variable.
 */

import type { Env } from 'platform-kit/settings/read';
import {
  canarySyntheticOff,
  chromePathSetting,
  healthRetentionDaysSetting,
  healthSourceSetting,
  previewHoursSetting,
  releaseGatesOff,
} from 'platform-kit/settings/release-service';
import { type SiteUrls, siteUrlsSetting } from 'platform-kit/settings/site';
import { canaryCheckSeconds, canaryRulesFromEnv, vitalsRulesFromEnv } from './canary/rules.ts';
import type { CanaryRules } from './canary/verdict.ts';
import type { VitalsRules } from './canary/vitals-verdict.ts';

export interface WatchSettings {
  /** 0: no watcher. */
  intervalSeconds: number;
  rules: CanaryRules;
  vitalsRules: VitalsRules;
}

export interface ChangeSettings extends SiteUrls {
  /** AGENCY_RELEASE_GATES=off: no render gates, no live-break check (test deploys of stand-in builds). */
  gatesOff: boolean;
  /** AGENCY_CANARY_SYNTHETIC=off: the canary check visits no canary's pages itself. */
  syntheticOff: boolean;
  /** AGENCY_PREVIEW_HOURS as given (deploy-folder/preview/token checks it with a command's --hours). */
  previewHours: string | undefined;
  /** CHROME_PATH: the browser the render gate and the synthetic visit drive, when not Debian's. */
  chromePath: string | undefined;
  /** Where the canary check reads the counts (AGENCY_HEALTH_URL, ENQUIRY_HEALTH_KEY). */
  health: { url: string; key?: string };
  /** ENQUIRY_HEALTH_RETENTION_DAYS as the API reads it. */
  healthRetentionDays: number;
  /** The canary rules and the check's interval (AGENCY_CANARY_*). */
  canary: WatchSettings;
}

/**
 * Every setting a change reads, checked at once: a bad value throws the message its reader always threw, naming
 * its variable. Staging's are parsed from staging's environment (site-environments' environment-settings.ts).
 */
export function loadChangeSettings(env: Env): ChangeSettings {
  return {
    ...siteUrlsSetting(env),
    gatesOff: releaseGatesOff(env),
    syntheticOff: canarySyntheticOff(env),
    previewHours: previewHoursSetting(env),
    chromePath: chromePathSetting(env),
    health: healthSourceSetting(env),
    healthRetentionDays: healthRetentionDaysSetting(env),
    canary: {
      intervalSeconds: canaryCheckSeconds(env),
      rules: canaryRulesFromEnv(env),
      vitalsRules: vitalsRulesFromEnv(env),
    },
  };
}
