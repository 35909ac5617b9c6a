/**
 * The static hosts' settings, embedded (site-hosting/serve-deploy) or nginx (site-hosting/nginx/*): the composed
 * site's variables they read (site.ts's rules and messages) and where the release service and the enquiry API
 * listen (release-service.ts's, site.ts's). Each parser reads exactly the variables its host read before, so a
 * process parses no variable it never used. The process's entry parses them once and hands the hosts the result.
 */
import { stagingPortShift } from 'build-config/topology';
import type { Env } from './read.ts';
import { releaseServiceAddress } from './release-service.ts';
import {
  enquiryHostSetting,
  listenHostSetting,
  portBaseSetting,
  type SiteSettings,
  stagingSetting,
  trustProxyFromSetting,
  trustProxySetting,
} from './site.ts';

/** Where a service listens: its host and port. */
export interface ServiceAddress {
  host: string;
  port: number;
}

/**
 * What the embedded hosts read: their ports (AGENCY_PORT_BASE), address (AGENCY_HOST), trusted proxies
 * (AGENCY_TRUST_PROXY), whether staging runs beside production (AGENCY_STAGING), and where the release service
 * listens (AGENCY_RELEASE_HOST/PORT), which takes the page devtools' session paths.
 */
export type HostSettings = Pick<SiteSettings, 'portBase' | 'host' | 'trustProxy' | 'staging'> & {
  releaseService: ServiceAddress;
};

export function hostSettings(env: Env): HostSettings {
  return {
    portBase: portBaseSetting(env),
    host: listenHostSetting(env),
    trustProxy: trustProxySetting(env),
    staging: stagingSetting(env),
    releaseService: releaseServiceAddress(env),
  };
}

/**
 * What nginx's configuration is generated from: the embedded hosts' ports, address and proxies, and the proxies
 * whose X-Forwarded-For is believed (AGENCY_TRUST_PROXY_FROM, unless `trustProxyFrom` is given: then the variable
 * is not read).
 */
export type NginxSettings = Pick<SiteSettings, 'portBase' | 'host' | 'trustProxy' | 'trustProxyFrom'>;

export function nginxSettings(env: Env, given: { trustProxyFrom?: string[] } = {}): NginxSettings {
  return {
    portBase: portBaseSetting(env),
    host: listenHostSetting(env),
    trustProxy: trustProxySetting(env),
    trustProxyFrom: given.trustProxyFrom ?? trustProxyFromSetting(env),
  };
}

/**
 * Where the services behind nginx would listen on their own (serve.ts's upstreamSettings): the enquiry API
 * (ENQUIRY_HOST, its port from AGENCY_PORT_BASE) and the release service (AGENCY_RELEASE_HOST/PORT).
 */
export type ServiceAddresses = Pick<SiteSettings, 'portBase' | 'enquiryHost'> & {
  releaseService: ServiceAddress;
};

export function serviceAddresses(env: Env): ServiceAddresses {
  return {
    portBase: portBaseSetting(env),
    enquiryHost: enquiryHostSetting(env),
    releaseService: releaseServiceAddress(env),
  };
}

/**
 * A host's settings for staging beside production (AGENCY_STAGING=on): every port shifted by topology's
 * stagingPortShift, as site.ts's stagingEnvironment shifts AGENCY_PORT_BASE; the rest is production's.
 */
export const stagingHostSide = <S extends { portBase: number }>(production: S): S => ({
  ...production,
  portBase: production.portBase + stagingPortShift,
});
