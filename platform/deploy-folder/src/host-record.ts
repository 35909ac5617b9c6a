/**
 * Where the site running from a deploy folder answers (issue 41, item 8): `npm start` and `pnpm release-service`
 * write it into `releases/host.json` when they start and remove it when they stop, so a tool run on the same host
 * (`pnpm release`, `pnpm rollback`, `pnpm release status`) uses that site's own release service, which reads that
 * site's own enquiry API, whatever AGENCY_PORT_BASE the tool's shell has. It holds addresses only (no process id
 * or time), so a restart on the same ports writes the same bytes; a tool uses it only if the service answers there.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releasesFolder } from './private-files.ts';

export interface HostRecord {
  /** The release service's base URL, as a tool on this host reaches it (loopback). */
  releaseService: string;
  /** The enquiry API whose health counts the service reads. */
  healthUrl?: string;
}

const hostRecordFile = (deploy: string) => join(deploy, 'releases', 'host.json');
const isBaseUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/[^/\s]+$/.test(value);

export function writeHostRecord(deploy: string, record: HostRecord): void {
  releasesFolder(deploy);
  const written: HostRecord = {
    releaseService: record.releaseService,
    ...(record.healthUrl ? { healthUrl: record.healthUrl } : {}),
  };
  writeFileSync(hostRecordFile(deploy), `${JSON.stringify(written, null, 2)}\n`, { mode: 0o600 });
}

/** The record of the site running from this deploy, or null when there is none or it is malformed. */
export function readHostRecord(deploy: string): HostRecord | null {
  let value: Partial<HostRecord>;
  try {
    value = JSON.parse(readFileSync(hostRecordFile(deploy), 'utf8')) as Partial<HostRecord>;
  } catch {
    return null;
  }
  if (!isBaseUrl(value.releaseService)) return null;
  return {
    releaseService: value.releaseService,
    ...(isBaseUrl(value.healthUrl) ? { healthUrl: value.healthUrl } : {}),
  };
}

/** Removes the record when the site stops, if it still names this service (not one another start wrote since). */
export function removeHostRecord(deploy: string, releaseService: string): void {
  if (readHostRecord(deploy)?.releaseService === releaseService)
    rmSync(hostRecordFile(deploy), { force: true });
}
