/**
 * The composed site's settings (`npm start`, `pnpm serve`, `pnpm nginx-config`, and the static hosts, the
 * publishing and the pages they run in-process): the only module that reads these variables; the functions
 * that use them (deployDir, listenHost, trustedProxyHops, siteUrlFrom, manifestUrl, …) take them from here.
 * Ports and origins stay build-config/topology's (AGENCY_PORT_BASE). docs/settings.md lists every variable.
 */
import { portBase } from 'build-config/topology';
import { addressRanges, proxyHops } from 'build-config/trusted-proxy';
import { type Env, trimmed } from './read.ts';

/** AGENCY_DEPLOY_DIR as given (relative to the repository root), or `deploy`; paths.ts resolves it. */
export function deployDirSetting(env: Env = process.env): string {
  return env.AGENCY_DEPLOY_DIR ?? 'deploy';
}

/** AGENCY_HOST: the static hosts' address; unset or empty, loopback. */
export function listenHostSetting(env: Env = process.env): string | undefined {
  return trimmed(env, 'AGENCY_HOST');
}

/** AGENCY_TRUST_PROXY: the proxies in front of the static hosts and the release service (0: none). */
export function trustProxySetting(env: Env = process.env): number {
  const hops = proxyHops(env.AGENCY_TRUST_PROXY);
  if (hops !== undefined) return hops;
  throw new Error(
    `AGENCY_TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of the site (1 to 10), got "${env.AGENCY_TRUST_PROXY}"`,
  );
}

/** AGENCY_TRUST_PROXY_FROM: the trusted proxies' addresses or ranges, comma-separated; a bad one is refused. */
export function trustProxyFromSetting(env: Env = process.env): string[] {
  const { ranges, bad } = addressRanges(env.AGENCY_TRUST_PROXY_FROM);
  if (bad !== undefined)
    throw new Error(
      `AGENCY_TRUST_PROXY_FROM takes addresses or CIDR ranges separated by commas (203.0.113.0/24,2001:db8::/32), got "${bad}"`,
    );
  return ranges;
}

/**
 * AGENCY_SITE_URL, the canonical public origin, checked; `fallback` (siteConfig.siteUrl, which this layer
 * cannot import) when unset.
 */
export function siteUrlSetting(env: Env = process.env, fallback?: string): string | undefined {
  const configured = trimmed(env, 'AGENCY_SITE_URL') ?? fallback;
  if (configured === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(
      `AGENCY_SITE_URL must be an absolute URL such as https://www.example.com, got "${configured}"`,
    );
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    throw new Error(
      `AGENCY_SITE_URL must be an http(s) origin without a path, such as https://www.example.com, got "${configured}"`,
    );
  }
  return url.origin;
}

/** The origin of AGENCY_SITE_URL as preview links read it (a path is dropped), or undefined when unset. */
export function siteOriginSetting(env: Env = process.env): string | undefined {
  const configured = trimmed(env, 'AGENCY_SITE_URL');
  return configured ? new URL(configured).origin : undefined;
}

/**
 * The settings a render in a sandbox (platform-kit/sandbox) is given, and nothing else of the host's environment:
 * where the deploy's URLs point (AGENCY_PORT_BASE, AGENCY_REMOTES_ORIGIN). None of them is a secret.
 */
export function renderSandboxSettings(env: Env = process.env): Record<string, string | undefined> {
  return { AGENCY_PORT_BASE: env.AGENCY_PORT_BASE, AGENCY_REMOTES_ORIGIN: env.AGENCY_REMOTES_ORIGIN };
}

/** AGENCY_REMOTES_ORIGIN: the one static host or CDN the whole deploy folder is uploaded to, checked. */
export function remotesOriginSetting(env: Env = process.env): string | undefined {
  const cdn = env.AGENCY_REMOTES_ORIGIN;
  if (!cdn) return undefined;
  if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(cdn)) {
    throw new Error(
      `AGENCY_REMOTES_ORIGIN must be an http(s) URL such as https://cdn.example.com, got "${cdn}"`,
    );
  }
  return cdn;
}

/** The enquiry API's own variables the platform reads to start it and to put nginx in front of it. */
export function enquiryDataDirSetting(env: Env = process.env): string {
  return env.ENQUIRY_DATA_DIR || '.data/enquiry-api';
}

/** ENQUIRY_HOST as the API reads it (enquiry-api/src/runtime/config.ts): loopback when unset. */
export function enquiryHostSetting(env: Env = process.env): string {
  return trimmed(env, 'ENQUIRY_HOST') ?? '127.0.0.1';
}

/** ENQUIRY_SMTP_HOST, for the start's line saying where mails go. */
export function enquirySmtpHostSetting(env: Env = process.env): string | undefined {
  return env.ENQUIRY_SMTP_HOST || undefined;
}

export interface SiteSettings {
  portBase: number;
  deployDir: string;
  host: string | undefined;
  trustProxy: number;
  trustProxyFrom: string[];
  siteUrl: string | undefined;
  remotesOrigin: string | undefined;
  enquiryDataDir: string;
  enquiryHost: string;
  smtpHost: string | undefined;
}

/** Every setting of the composed site, read and checked at once: a bad value throws, naming its variable. */
export function loadSiteSettings(env: Env = process.env): SiteSettings {
  return {
    portBase: portBase(env),
    deployDir: deployDirSetting(env),
    host: listenHostSetting(env),
    trustProxy: trustProxySetting(env),
    trustProxyFrom: trustProxyFromSetting(env),
    siteUrl: siteUrlSetting(env),
    remotesOrigin: remotesOriginSetting(env),
    enquiryDataDir: enquiryDataDirSetting(env),
    enquiryHost: enquiryHostSetting(env),
    smtpHost: enquirySmtpHostSetting(env),
  };
}
