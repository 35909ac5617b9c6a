/**
 * The release service's settings (`pnpm release-service`, and the one `npm start` runs): where it listens, how
 * large an upload may be, its gates, previews and where its canary check reads the counts. The only module
 * that reads these variables; the canary rules (AGENCY_CANARY_*) are read by deploy-model/canary/rules.ts,
 * beside the rules' defaults. One zod schema (releaseServiceSettingsSchema) holds the rules; the process's entry
 * parses it once from the environment it hands in. docs/settings.md lists every variable.
 */
import { enquiryApi, originOf, portOf, releaseService } from 'build-config/topology';
import * as z from 'zod';
import { type Env, parseSettings, trimmed, variable } from './read.ts';
import { deployDirSetting } from './site.ts';

const releasePortVariable = variable((text) => {
  const raw = text?.trim();
  if (!raw) return undefined;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65_535)
    throw new Error(`AGENCY_RELEASE_PORT must be a port number from 1 to 65535, got "${text}"`);
  return port;
});

/** AGENCY_RELEASE_HOST and AGENCY_RELEASE_PORT; a bad port throws, naming it. */
export function releaseServiceAddress(env: Env): { host: string; port: number } {
  const host = trimmed(env, 'AGENCY_RELEASE_HOST') ?? '127.0.0.1';
  const port = parseSettings(releasePortVariable, env.AGENCY_RELEASE_PORT);
  return { host, port: port ?? portOf(releaseService, env) };
}

export const defaultUploadMegabytes = 50;

const uploadMegabytesVariable = variable((raw) => {
  if (raw === undefined || raw === '') return defaultUploadMegabytes;
  const megabytes = Number(raw);
  if (!Number.isFinite(megabytes) || megabytes <= 0 || megabytes > 10_000) {
    throw new Error(`AGENCY_RELEASE_MAX_UPLOAD_MB must be a number of megabytes above 0, got "${raw}"`);
  }
  return megabytes;
});

/** AGENCY_RELEASE_MAX_UPLOAD_MB: the largest archive one upload may send, in megabytes. */
export function uploadMegabytesSetting(env: Env): number {
  return parseSettings(uploadMegabytesVariable, env.AGENCY_RELEASE_MAX_UPLOAD_MB);
}

/** AGENCY_RELEASE_GATES=off skips the release gates (test deploys of stand-in builds); anything else runs them. */
export function releaseGatesOff(env: Env): boolean {
  return env.AGENCY_RELEASE_GATES === 'off';
}

/**
 * AGENCY_CANARY_SYNTHETIC=off: the canary check visits no canary's pages itself (test deploys of stand-in builds
 * that have nothing to render); anything else: it does, at every check (releases' canary/synthetic.ts).
 */
export function canarySyntheticOff(env: Env): boolean {
  return env.AGENCY_CANARY_SYNTHETIC === 'off';
}

/** AGENCY_PREVIEW_HOURS as given; deploy-folder/preview/token checks it with a command's --hours. */
export function previewHoursSetting(env: Env): string | undefined {
  return env.AGENCY_PREVIEW_HOURS?.trim();
}

/** CHROME_PATH: the browser the render gate and the e2e suite drive, when not Debian's. */
export function chromePathSetting(env: Env): string | undefined {
  return env.CHROME_PATH || undefined;
}

/** AGENCY_HEALTH_URL as given: `npm start` points the service it starts at its own API unless it is set. */
export function healthUrlSetting(env: Env): string | undefined {
  return env.AGENCY_HEALTH_URL;
}

/** Where the canary check reads the counts: AGENCY_HEALTH_URL, else the local API; and its key, if any. */
export function healthSourceSetting(env: Env): { url: string; key?: string } {
  const url = trimmed(env, 'AGENCY_HEALTH_URL') ?? originOf(enquiryApi, env);
  const key = trimmed(env, 'ENQUIRY_HEALTH_KEY');
  return { url, ...(key ? { key } : {}) };
}

/**
 * ENQUIRY_HEALTH_RETENTION_DAYS as the API reads it (default 30). A value the API would refuse leaves the API
 * stopped, not this: the default then.
 */
export function healthRetentionDaysSetting(env: Env): number {
  const raw = env.ENQUIRY_HEALTH_RETENTION_DAYS?.trim();
  const days = Number(raw);
  return raw && Number.isInteger(days) && days >= 1 && days <= 3650 ? days : 30;
}

/** The release service's variables that can be wrong, each with its rule and message. */
export const releaseServiceVariablesSchema = z.object({
  AGENCY_RELEASE_PORT: releasePortVariable,
  AGENCY_RELEASE_MAX_UPLOAD_MB: uploadMegabytesVariable,
});

/** What every change the release service makes reads of its variables (deploy-model's ChangeSettings too). */
export interface ReleaseChangeSettings {
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
}

export function releaseChangeSettings(env: Env): ReleaseChangeSettings {
  return {
    gatesOff: releaseGatesOff(env),
    syntheticOff: canarySyntheticOff(env),
    previewHours: previewHoursSetting(env),
    chromePath: chromePathSetting(env),
    health: healthSourceSetting(env),
    healthRetentionDays: healthRetentionDaysSetting(env),
  };
}

export interface ReleaseServiceSettings extends ReleaseChangeSettings {
  /** AGENCY_DEPLOY_DIR as given (platform-kit/paths' deployDir resolves it). */
  deployDir: string;
  address: { host: string; port: number };
  uploadMegabytes: number;
}

/**
 * Every setting of the release service, read and checked at once: a bad value throws, naming its variable
 * (every bad one, a line each). The address and the health source derive from several variables and
 * AGENCY_PORT_BASE's defaults, read from `env` itself.
 */
export function loadReleaseServiceSettings(env: Env): ReleaseServiceSettings {
  const checked = parseSettings(releaseServiceVariablesSchema, env);
  return {
    deployDir: deployDirSetting(env),
    address: {
      host: trimmed(env, 'AGENCY_RELEASE_HOST') ?? '127.0.0.1',
      port: checked.AGENCY_RELEASE_PORT ?? portOf(releaseService, env),
    },
    uploadMegabytes: checked.AGENCY_RELEASE_MAX_UPLOAD_MB,
    ...releaseChangeSettings(env),
  };
}
