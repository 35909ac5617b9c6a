/**
 * Where `pnpm release` and `pnpm rollback` send their requests: one path for every caller, the release service.
 * - A team's pipeline sets AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a key for its remote alone).
 * - On the host, with neither set, the service of the site running from the deploy folder (where its start
 *   recorded it: deploy-folder/host-record.ts, whatever this shell's AGENCY_PORT_BASE), else the local one
 *   (AGENCY_PORT_BASE + 11), with the host's operator key from the deploy folder. When the site is not running,
 *   the caller's `local` starts a service for this one command on a free loopback port, so an operator can still
 *   release or roll back with the site stopped, and the checks, the queue and the audit log are the same as ever.
 *
 * The host's side (the operator key, the service itself) comes in through `local` rather than an import: this
 * package is what a team's CI loads, and its imports reach no server code (src/closure.test.ts holds it).
 */

import { originAt, releaseService } from 'build-config/topology';
import { readHostRecord } from 'deploy-folder/host-record';
import { UsageError } from 'platform-kit/cli';
import { deployDir } from 'platform-kit/paths';
import type { ReleaseClientSettings } from 'platform-kit/settings/release-client';

/**
 * The host's side, for a command run on the host: its operator key, and a service started for one command (with
 * the settings the host's side was made with: release-service's local-service.ts).
 */
export interface LocalService {
  operatorKey(deploy: string): Promise<string>;
  start(deploy: string): Promise<{ url: string; stop(): Promise<void> }>;
}

/** What the connection needs of the client's settings (platform-kit/settings/release-client). */
export type ConnectionSettings = Pick<
  ReleaseClientSettings,
  'releaseUrl' | 'releaseKey' | 'deployDir' | 'portBase'
>;

export interface ReleaseConnection {
  url: string;
  key: string;
  /** Stops a service started for this command (a no-op otherwise). */
  close(): Promise<void>;
}

/** The local service's address: loopback, whatever AGENCY_RELEASE_HOST it listens on. */
export const localServiceUrl = (portBase: number) =>
  originAt(releaseService, portBase).replace('//localhost:', '//127.0.0.1:');

/** Whether something answers the service's /health at `url` (a refused connection is "no"). */
async function answers(url: string): Promise<boolean> {
  try {
    const reply = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) });
    return reply.ok;
  } catch {
    return false;
  }
}

/** A base URL without a trailing slash, refused early (with the variable's name) when it is not http(s). */
function serviceUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`AGENCY_RELEASE_URL is not a URL: "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`AGENCY_RELEASE_URL must be an http:// or https:// URL, got "${raw}".`);
  return url.href.replace(/\/+$/, '');
}

/** `local`: the host's side; without it, a command on a host whose service does not answer is refused. */
export async function connect(client: ConnectionSettings, local?: LocalService): Promise<ReleaseConnection> {
  const { releaseUrl: remoteUrl, releaseKey: givenKey } = client;
  if (remoteUrl) {
    if (!givenKey)
      throw new UsageError(
        'AGENCY_RELEASE_URL is set but AGENCY_RELEASE_KEY is not: ask the site’s operator for a key for your remote.',
      );
    return { url: serviceUrl(remoteUrl), key: givenKey, close: async () => {} };
  }
  const deploy = deployDir(client);
  const key = givenKey || (await local?.operatorKey(deploy));
  if (!key)
    throw new UsageError(
      'No release key: set AGENCY_RELEASE_URL and AGENCY_RELEASE_KEY (a team’s CI), or run this on the host.',
    );
  // The service of the site running from this deploy, wherever it listens (its start recorded it), else where
  // this shell's settings say the local one listens.
  const recorded = readHostRecord(deploy)?.releaseService;
  for (const url of [recorded, localServiceUrl(client.portBase)]) {
    if (url && (await answers(url))) return { url, key, close: async () => {} };
  }
  if (!local)
    throw new UsageError(
      `No release service answers at ${localServiceUrl(client.portBase)}: start the site, or set AGENCY_RELEASE_URL.`,
    );
  const service = await local.start(deploy);
  return { url: service.url, key, close: () => service.stop() };
}
