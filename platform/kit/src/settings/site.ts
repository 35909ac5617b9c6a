/**
 * The composed site's settings (`npm start`, `pnpm serve`, `pnpm nginx-config`, and the static hosts, the
 * publishing and the pages they run in-process): the only module that reads these variables; the functions
 * that use them (deployDir, listenHost, the hosts' trusted proxies, siteUrlFrom, manifestUrl, …) take them from here.
 * One zod schema (siteSettingsSchema) holds every rule; loadSiteSettings parses it once, in the process's entry,
 * from the environment the entry hands in; the one-variable readers below apply the same rules. Ports and
 * origins stay build-config/topology's (AGENCY_PORT_BASE). docs/settings.md lists every variable.
 */
import { portBase, stagingPortShift } from 'build-config/topology';
import { addressRanges, proxyHops } from 'build-config/trusted-proxy';
import * as z from 'zod';
import { type Env, parseSettings, trimmed, trimmedText, variable } from './read.ts';

const portBaseVariable = variable((raw) => portBase({ AGENCY_PORT_BASE: raw }));

const deployDirVariable = variable((raw) => raw ?? 'deploy');

const trustProxyVariable = variable((raw) => {
  const hops = proxyHops(raw);
  if (hops !== undefined) return hops;
  throw new Error(
    `AGENCY_TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of the site (1 to 10), got "${raw}"`,
  );
});

const trustProxyFromVariable = variable((raw) => {
  const { ranges, bad } = addressRanges(raw);
  if (bad !== undefined)
    throw new Error(
      `AGENCY_TRUST_PROXY_FROM takes addresses or CIDR ranges separated by commas (203.0.113.0/24,2001:db8::/32), got "${bad}"`,
    );
  return ranges;
});

/** The canonical public origin, checked: an http(s) origin without a path. */
function siteOrigin(configured: string | undefined): string | undefined {
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

const siteUrlVariable = variable((raw) => siteOrigin(raw?.trim() || undefined));

const remotesOriginVariable = variable((cdn) => {
  if (!cdn) return undefined;
  if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/.test(cdn)) {
    throw new Error(
      `AGENCY_REMOTES_ORIGIN must be an http(s) URL such as https://cdn.example.com, got "${cdn}"`,
    );
  }
  return cdn;
});

const stagingVariable = variable((raw) => {
  const value = raw?.trim() || 'off';
  if (value !== 'on' && value !== 'off') throw new Error(`AGENCY_STAGING must be on or off, got "${raw}"`);
  return value === 'on';
});

const enquiryDataDirVariable = variable((raw) => raw || '.data/enquiry-api');
const enquiryHostVariable = variable((raw) => raw?.trim() || '127.0.0.1');
const smtpHostVariable = variable((raw) => raw || undefined);

/** Every setting of the composed site, by its variable. */
export const siteSettingsSchema = z
  .object({
    AGENCY_PORT_BASE: portBaseVariable,
    AGENCY_DEPLOY_DIR: deployDirVariable,
    AGENCY_HOST: trimmedText,
    AGENCY_TRUST_PROXY: trustProxyVariable,
    AGENCY_TRUST_PROXY_FROM: trustProxyFromVariable,
    AGENCY_SITE_URL: siteUrlVariable,
    AGENCY_REMOTES_ORIGIN: remotesOriginVariable,
    AGENCY_STAGING: stagingVariable,
    ENQUIRY_DATA_DIR: enquiryDataDirVariable,
    ENQUIRY_HOST: enquiryHostVariable,
    ENQUIRY_SMTP_HOST: smtpHostVariable,
  })
  .transform((variables) => ({
    portBase: variables.AGENCY_PORT_BASE,
    deployDir: variables.AGENCY_DEPLOY_DIR,
    host: variables.AGENCY_HOST,
    trustProxy: variables.AGENCY_TRUST_PROXY,
    trustProxyFrom: variables.AGENCY_TRUST_PROXY_FROM,
    siteUrl: variables.AGENCY_SITE_URL,
    remotesOrigin: variables.AGENCY_REMOTES_ORIGIN,
    staging: variables.AGENCY_STAGING,
    enquiryDataDir: variables.ENQUIRY_DATA_DIR,
    enquiryHost: variables.ENQUIRY_HOST,
    smtpHost: variables.ENQUIRY_SMTP_HOST,
  }));

export type SiteSettings = z.output<typeof siteSettingsSchema>;

/** Every setting of the composed site, read and checked at once: a bad value throws, naming its variable. */
export function loadSiteSettings(env: Env): SiteSettings {
  return parseSettings(siteSettingsSchema, env);
}

/**
 * Where a deploy's URLs point, as SiteSettings holds them: the port base (AGENCY_PORT_BASE: every local origin)
 * and the CDN origin (AGENCY_REMOTES_ORIGIN). What deploy-folder's publishing and previews take.
 */
export type SiteAddresses = Pick<SiteSettings, 'portBase' | 'remotesOrigin'>;

/** The two variables of SiteAddresses alone, by the same rules (for a process that parses no other site setting). */
export function siteAddressesSetting(env: Env): SiteAddresses {
  return {
    portBase: portBaseSetting(env),
    remotesOrigin: one(remotesOriginVariable, env, 'AGENCY_REMOTES_ORIGIN'),
  };
}

/** What a page names besides SiteAddresses: the canonical public origin (AGENCY_SITE_URL, checked). */
export type SiteUrls = SiteAddresses & Pick<SiteSettings, 'siteUrl'>;

/** The three variables of SiteUrls alone, by the same rules (for a process that parses no other site setting). */
export function siteUrlsSetting(env: Env): SiteUrls {
  return { ...siteAddressesSetting(env), siteUrl: one(siteUrlVariable, env, 'AGENCY_SITE_URL') };
}

/**
 * The environment a render in a sandbox (platform-kit/sandbox) is given, derived from the parsed addresses, and
 * nothing else of the host's: where the deploy's URLs point. None of them is a secret.
 */
export const renderSandboxEnvironment = (addresses: SiteAddresses): Record<string, string | undefined> => ({
  AGENCY_PORT_BASE: String(addresses.portBase),
  AGENCY_REMOTES_ORIGIN: addresses.remotesOrigin,
});

/** The canonical origin: the parsed AGENCY_SITE_URL, else `fallback` (siteConfig.siteUrl) checked alike. */
export const canonicalOrigin = (siteUrl: string | undefined, fallback: string): string =>
  siteUrl ?? (siteOrigin(fallback) as string);

/** The addresses of staging beside `production`: every port shifted, no CDN origin (as stagingEnvironment). */
export const stagingAddresses = (production: Pick<SiteSettings, 'portBase'>): SiteAddresses => ({
  portBase: production.portBase + stagingPortShift,
  remotesOrigin: undefined,
});

/** One variable by its schema: the same rule and message as loadSiteSettings. */
const one = <T>(schema: z.ZodType<T, string | undefined>, env: Env, name: string): T =>
  parseSettings(schema, env[name]);

/** AGENCY_DEPLOY_DIR as given (relative to the repository root), or `deploy`; paths.ts resolves it. */
export function deployDirSetting(env: Env): string {
  return one(deployDirVariable, env, 'AGENCY_DEPLOY_DIR');
}

/** AGENCY_PORT_BASE, checked: every local port derives from it (build-config/topology). */
export function portBaseSetting(env: Env): number {
  return one(portBaseVariable, env, 'AGENCY_PORT_BASE');
}

/** AGENCY_HOST: the static hosts' address; unset or empty, loopback. */
export function listenHostSetting(env: Env): string | undefined {
  return trimmed(env, 'AGENCY_HOST');
}

/** AGENCY_TRUST_PROXY: the proxies in front of the static hosts and the release service (0: none). */
export function trustProxySetting(env: Env): number {
  return one(trustProxyVariable, env, 'AGENCY_TRUST_PROXY');
}

/** AGENCY_TRUST_PROXY_FROM: the trusted proxies' addresses or ranges, comma-separated; a bad one is refused. */
export function trustProxyFromSetting(env: Env): string[] {
  return one(trustProxyFromVariable, env, 'AGENCY_TRUST_PROXY_FROM');
}

/**
 * AGENCY_SITE_URL, the canonical public origin, checked; `fallback` (siteConfig.siteUrl, which this layer
 * cannot import) when unset.
 */
export function siteUrlSetting(env: Env, fallback?: string): string | undefined {
  return siteOrigin(trimmed(env, 'AGENCY_SITE_URL') ?? fallback);
}

/** AGENCY_REMOTES_ORIGIN: the one static host or CDN the whole deploy folder is uploaded to, checked. */
export function remotesOriginSetting(env: Env): string | undefined {
  return one(remotesOriginVariable, env, 'AGENCY_REMOTES_ORIGIN');
}

/**
 * AGENCY_STAGING=on: the host runs a staging environment beside production (docs/releasing.md#staging): its own
 * deploy folder inside production's (deploy-model/layout's stagingDeployDir), served on its own ports, where a
 * release lands before it is promoted to production. Unset or off: production alone, as before.
 */
export function stagingSetting(env: Env): boolean {
  return one(stagingVariable, env, 'AGENCY_STAGING');
}

/**
 * The environment a change of staging runs in, and its hosts listen by: every port shifted by topology's
 * stagingPortShift, so its remote map, prerender and pages name staging's own origins (the enquiry API's
 * address, shifted too, is nobody's: staging's runtime.json names production's API, which refuses staging's
 * origin). A CDN origin is production's alone: staging's remotes are served by the host itself. So is the public
 * origin (AGENCY_SITE_URL): staging's preview links must open at staging's own origin, where staging's secret is
 * checked, and its canonical links, sitemap and robots.txt name the origin that serves them.
 */
export function stagingEnvironment(env: Env): NodeJS.ProcessEnv {
  const shifted = {
    AGENCY_PORT_BASE: String(one(portBaseVariable, env, 'AGENCY_PORT_BASE') + stagingPortShift),
  };
  const { AGENCY_REMOTES_ORIGIN: _cdn, AGENCY_SITE_URL: _public, ...rest } = { ...env };
  return { ...rest, ...shifted };
}

/** The enquiry API's own variables the platform reads to start it and to put nginx in front of it. */
export function enquiryDataDirSetting(env: Env): string {
  return one(enquiryDataDirVariable, env, 'ENQUIRY_DATA_DIR');
}

/** ENQUIRY_HOST as the API reads it (enquiry-api/src/runtime/config.ts): loopback when unset. */
export function enquiryHostSetting(env: Env): string {
  return one(enquiryHostVariable, env, 'ENQUIRY_HOST');
}

/** ENQUIRY_SMTP_HOST, for the start's line saying where mails go. */
export function enquirySmtpHostSetting(env: Env): string | undefined {
  return one(smtpHostVariable, env, 'ENQUIRY_SMTP_HOST');
}
