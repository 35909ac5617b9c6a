/**
 * The release service's settings (issue 43, item 4), parsed once by the process that starts it (`pnpm
 * release-service`, `npm start`, a command's service for one change: platform/cli/src/local-service.ts) and handed
 * to startReleaseService typed: where it listens, how large an upload may be, the proxies it trusts, and both
 * environments' change settings (site-environments' environment-settings.ts). No function of the service takes
 * the environment but the one each change's child process starts with (`childEnv`, operation.ts).
 */
import type { Env } from 'platform-kit/settings/read';
import {
  loadReleaseServiceSettings,
  type ReleaseServiceSettings,
} from 'platform-kit/settings/release-service';
import { trustProxySetting } from 'platform-kit/settings/site';
import { type EnvironmentSettings, loadEnvironmentSettings } from 'site-environments/environment-settings';

export interface ServiceSettings extends Pick<ReleaseServiceSettings, 'address' | 'uploadMegabytes'> {
  /** AGENCY_TRUST_PROXY: how many proxies in front are trusted to name the client (X-Forwarded-For). */
  trustProxyHops: number;
  /** Production's change settings, and staging's on a host with staging (AGENCY_STAGING=on). */
  environments: EnvironmentSettings;
}

/** Every setting of the service, checked at once: a bad value throws, naming its variable. */
export function loadServiceSettings(env: Env): ServiceSettings {
  const { address, uploadMegabytes } = loadReleaseServiceSettings(env);
  return {
    address,
    uploadMegabytes,
    trustProxyHops: trustProxySetting(env),
    environments: loadEnvironmentSettings(env),
  };
}
