/**
 * What a change of the releases library (a release, a canary, its check, a preview) reads of its settings
 * (issue 43, item 4): parsed once, by the process's entry (the release operation's child, `npm start`, the
 * bench, a test), with the settings modules of platform-kit/settings and the canary rules beside it
 * (canary/rules.ts), and handed down typed. The library's functions take this object (or the fields they need:
 * SiteAddresses, SiteUrls); none takes the environment. Here rather than in releases, which is at its size.
 * docs/settings.md lists every variable.
 */

import type { Env } from 'platform-kit/settings/read';
import { type ReleaseChangeSettings, releaseChangeSettings } from 'platform-kit/settings/release-service';
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

export interface ChangeSettings extends SiteUrls, ReleaseChangeSettings {
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
    ...releaseChangeSettings(env),
    canary: {
      intervalSeconds: canaryCheckSeconds(env),
      rules: canaryRulesFromEnv(env),
      vitalsRules: vitalsRulesFromEnv(env),
    },
  };
}
