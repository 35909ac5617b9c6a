import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { enquiryApi, originOf, portOf, shell } from 'build-config/topology';
import { proxyHops as trustedProxyHops } from 'build-config/trusted-proxy';
// Not the site barrel: pnpm affected reads the API's imports as written, and the barrel reaches the route table.
import { siteConfig } from 'shared-content/site/config';
import * as z from 'zod';

/**
 * The API's whole configuration, read from the environment once at start. Every variable has a default that
 * runs the site locally; a bad value stops the start with a message naming the variable and what it accepts.
 * This is the only module of the package that reads the environment (a test holds it): the API, the
 * `enquiries` command and the readers for tools beside it all take their settings from here, and
 * docs/settings.md lists every variable (a test holds that too).
 */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean;
  user: string | null;
  password: string | null;
  timeoutMs: number;
}

export interface ApiConfig {
  port: number;
  /** Interface to listen on: loopback unless ENQUIRY_HOST says otherwise (a proxy on the same machine reaches it). */
  host: string;
  dataDir: string;
  /** Site origins whose pages may call the API from a browser. */
  allowedOrigins: string[];
  rateLimit: { max: number; windowMs: number };
  /** POST /beacon's own budget per client, apart from rateLimit: telemetry never uses up a visitor's enquiries. */
  beaconRateLimit: { max: number; windowMs: number };
  /** Remote health counts (POST /beacon) older than this many days are deleted. */
  healthRetentionDays: number;
  /**
   * The Bearer key GET /remote-health asks for; null: no key, and the counts go only to a client connected
   * directly from loopback (the release tooling on the same machine), never through a proxy.
   */
  healthKey: string | null;
  /** Page loads one client (one network) counts per UTC day and remote version, as views and as failures. */
  healthShare: { maxLoadsPerClient: number; maxLoadsPerNetwork: number };
  /**
   * Where the live remote map is read (the shell origin's /remotes.json), and how long a copy is used: a beacon
   * for a version not in it is refused, and makes the API look again at most once a second.
   */
  remoteMap: { url: string; maxAgeMs: number };
  /**
   * How many reverse proxies stand in front of the API (0: none). The client address is taken that many
   * entries from the right of X-Forwarded-For, and X-Forwarded-Proto is believed (HSTS over https).
   */
  trustProxy: number;
  maxBodyBytes: number;
  /** null: no SMTP server; mails are written to the outbox folder instead. */
  smtp: SmtpSettings | null;
  mail: { from: string; to: string };
  outbox: { intervalMs: number; retryBaseMs: number; retryMaxMs: number; batchSize: number };
  shutdownTimeoutMs: number;
  logLevel: 'info' | 'warn' | 'error';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = NodeJS.ProcessEnv;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const parsed = Number(raw);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return parsed;
}

function logLevel(env: Env): ApiConfig['logLevel'] {
  const raw = value(env, 'ENQUIRY_LOG_LEVEL')?.toLowerCase() ?? 'info';
  if (raw === 'info' || raw === 'warn' || raw === 'error') return raw;
  throw new ConfigError(`ENQUIRY_LOG_LEVEL must be info, warn or error, got "${raw}"`);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/**
 * ENQUIRY_TRUST_PROXY: false (none), true (one proxy, the meaning it always had), or the number of proxies.
 * Read strictly: a typo must not quietly trust a client's own X-Forwarded-For.
 */
function proxyHops(env: Env): number {
  const raw = value(env, 'ENQUIRY_TRUST_PROXY')?.toLowerCase();
  const hops = trustedProxyHops(raw);
  if (hops !== undefined) return hops;
  throw new ConfigError(
    `ENQUIRY_TRUST_PROXY must be false, true (one proxy) or the number of proxies in front of the API (1 to 10), got "${raw}"`,
  );
}

const address = z.email();

/** A mail address, optionally with a display name: `Name <a@b.example>` or `a@b.example`. */
function mailbox(env: Env, name: string, fallback: string): string {
  const raw = value(env, name) ?? fallback;
  const match = /^(?:([^<>\r\n]*)<([^<>\s]+)>|([^<>\s]+))$/.exec(raw);
  const bare = match?.[2] ?? match?.[3];
  if (!bare || !address.safeParse(bare).success) {
    throw new ConfigError(`${name} must be an e-mail address (optionally "Name <address>"), got "${raw}"`);
  }
  return raw;
}

/** Long enough that guessing it over HTTP is hopeless; a key is compared in constant time. */
export const minHealthKeyLength = 24;

function healthKey(env: Env): string | null {
  const raw = value(env, 'ENQUIRY_HEALTH_KEY');
  if (raw === undefined) return null;
  if (raw.length < minHealthKeyLength || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError(
      `ENQUIRY_HEALTH_KEY must be at least ${minHealthKeyLength} printable characters without spaces (e.g. openssl rand -hex 32)`,
    );
  }
  return raw;
}

function remoteMapUrl(env: Env): string {
  const raw = value(env, 'ENQUIRY_REMOTE_MAP_URL') ?? `${originOf(shell, env)}/remotes.json`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      `ENQUIRY_REMOTE_MAP_URL must be an http(s) URL of the live remotes.json, got "${raw}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(
      `ENQUIRY_REMOTE_MAP_URL must be an http(s) URL of the live remotes.json, got "${raw}"`,
    );
  return url.href;
}

function origins(env: Env): string[] {
  const raw = value(env, 'ENQUIRY_ALLOWED_ORIGINS');
  if (raw === undefined) return [originOf(shell, env)];
  return raw.split(',').map((entry) => {
    const trimmed = entry.trim();
    let url: URL;
    try {
      url = new URL(trimmed);
    } catch {
      throw new ConfigError(`ENQUIRY_ALLOWED_ORIGINS has "${trimmed}", which is not a URL origin`);
    }
    if (url.origin !== trimmed.replace(/\/$/, '')) {
      throw new ConfigError(
        `ENQUIRY_ALLOWED_ORIGINS has "${trimmed}"; give origins only (scheme, host, port), e.g. ${url.origin}`,
      );
    }
    return url.origin;
  });
}

function smtp(env: Env): SmtpSettings | null {
  const host = value(env, 'ENQUIRY_SMTP_HOST');
  if (host === undefined) return null;
  const port = integer(env, 'ENQUIRY_SMTP_PORT', 587, 1, 65535);
  const user = value(env, 'ENQUIRY_SMTP_USER') ?? null;
  const password = value(env, 'ENQUIRY_SMTP_PASSWORD') ?? null;
  if ((user === null) !== (password === null)) {
    throw new ConfigError('ENQUIRY_SMTP_USER and ENQUIRY_SMTP_PASSWORD must be set together');
  }
  return {
    host,
    port,
    secure: flag(env, 'ENQUIRY_SMTP_SECURE', port === 465),
    user,
    password,
    timeoutMs: integer(env, 'ENQUIRY_SMTP_TIMEOUT_MS', 15_000, 100, 600_000),
  };
}

/**
 * Relative data folders resolve against the repository root (this package's parent), not the working
 * directory: `pnpm --filter enquiry-api …` runs in the package folder, the start script in the root, and
 * both must find the same database. A deployment sets an absolute ENQUIRY_DATA_DIR.
 */
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const defaultDataDir = '.data/enquiry-api';
/**
 * IPv4 loopback: the site's pages reach it as localhost, which browsers and Node try as ::1 and then as
 * 127.0.0.1. A deployment behind a proxy on another machine sets ENQUIRY_HOST (0.0.0.0 or :: for every interface).
 */
export const defaultHost = '127.0.0.1';

export function dataDirFrom(env: Env = process.env): string {
  return resolve(repositoryRoot, value(env, 'ENQUIRY_DATA_DIR') ?? defaultDataDir);
}

/**
 * The folder an operator typed `pnpm enquiries …` in: pnpm runs the command in this package's folder and says
 * where it was started in INIT_CWD, so a relative path on the command line means what the operator meant.
 */
export function operatorFolder(env: Env = process.env): string {
  return env.INIT_CWD ?? process.cwd();
}

/**
 * ENQUIRY_HOST: an IP address of this machine (0.0.0.0 or :: for every interface) or a host name that resolves
 * to one. Read strictly: anything else would only fail later, when the server cannot listen.
 */
function listenHost(env: Env): string {
  const raw = value(env, 'ENQUIRY_HOST');
  if (raw === undefined) return defaultHost;
  const hostName =
    /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
  if (isIP(raw) !== 0 || hostName.test(raw)) return raw;
  throw new ConfigError(
    `ENQUIRY_HOST must be an IP address of this machine (0.0.0.0 or :: for every interface) or a host name, got "${raw}"`,
  );
}

export function loadConfig(env: Env = process.env): ApiConfig {
  const retryBaseMs = integer(env, 'ENQUIRY_RETRY_BASE_MS', 10_000, 10, 3_600_000);
  const retryMaxMs = integer(env, 'ENQUIRY_RETRY_MAX_MS', 30 * 60_000, 10, 24 * 3_600_000);
  if (retryMaxMs < retryBaseMs) {
    throw new ConfigError('ENQUIRY_RETRY_MAX_MS must not be smaller than ENQUIRY_RETRY_BASE_MS');
  }
  let port: number;
  try {
    port = integer(env, 'ENQUIRY_PORT', portOf(enquiryApi, env), 0, 65535);
  } catch (error) {
    // portOf throws about AGENCY_PORT_BASE; keep its message but make it a configuration error.
    throw error instanceof ConfigError ? error : new ConfigError((error as Error).message);
  }
  return {
    port,
    host: listenHost(env),
    dataDir: dataDirFrom(env),
    allowedOrigins: origins(env),
    rateLimit: {
      max: integer(env, 'ENQUIRY_RATE_LIMIT', 20, 1, 1_000_000_000),
      windowMs: integer(env, 'ENQUIRY_RATE_WINDOW_SECONDS', 600, 1, 86_400) * 1000,
    },
    // A page sends a beacon when it is hidden or left, so an active visitor sends a few a minute at most.
    beaconRateLimit: {
      max: integer(env, 'ENQUIRY_BEACON_RATE_LIMIT', 120, 1, 1_000_000_000),
      windowMs: integer(env, 'ENQUIRY_BEACON_RATE_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    },
    healthRetentionDays: integer(env, 'ENQUIRY_HEALTH_RETENTION_DAYS', 30, 1, 3650),
    healthKey: healthKey(env),
    healthShare: {
      maxLoadsPerClient: integer(env, 'ENQUIRY_HEALTH_MAX_LOADS_PER_CLIENT', 10, 1, 1_000_000_000),
      maxLoadsPerNetwork: integer(env, 'ENQUIRY_HEALTH_MAX_LOADS_PER_NETWORK', 50, 1, 1_000_000_000),
    },
    remoteMap: {
      url: remoteMapUrl(env),
      maxAgeMs: integer(env, 'ENQUIRY_REMOTE_MAP_MAX_AGE_SECONDS', 10, 0, 3600) * 1000,
    },
    trustProxy: proxyHops(env),
    maxBodyBytes: integer(env, 'ENQUIRY_MAX_BODY_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
    smtp: smtp(env),
    mail: {
      from: mailbox(env, 'ENQUIRY_MAIL_FROM', `${siteConfig.brandName} website <${siteConfig.email}>`),
      to: mailbox(env, 'ENQUIRY_MAIL_TO', siteConfig.email),
    },
    outbox: {
      intervalMs: integer(env, 'ENQUIRY_OUTBOX_INTERVAL_MS', 5_000, 10, 3_600_000),
      retryBaseMs,
      retryMaxMs,
      batchSize: integer(env, 'ENQUIRY_OUTBOX_BATCH', 20, 1, 1000),
    },
    shutdownTimeoutMs: integer(env, 'ENQUIRY_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    logLevel: logLevel(env),
  };
}
