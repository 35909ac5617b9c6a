/**
 * Where the site running from a deploy folder answers (issue 41, item 8): `npm start` and `pnpm release-service`
 * write it into `releases/host.json` when they start and remove it when they stop, so a tool run on the same host
 * (`pnpm release`, `pnpm rollback`, `pnpm release status`) uses that site's own release service, which reads that
 * site's own enquiry API, whatever AGENCY_PORT_BASE the tool's shell has. A record whose process is gone is not
 * believed.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releasesFolder } from './private-files.ts';

export interface HostRecord {
  /** The release service's base URL, as a tool on this host reaches it (loopback). */
  releaseService: string;
  /** The enquiry API whose health counts the service reads. */
  healthUrl?: string;
  /** The process that wrote it; the record stands only while it runs. */
  pid: number;
  startedAt: string;
}

const hostRecordFile = (deploy: string) => join(deploy, 'releases', 'host.json');

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as { code?: string }).code === 'EPERM';
  }
};

export function writeHostRecord(deploy: string, record: Omit<HostRecord, 'pid' | 'startedAt'>): void {
  releasesFolder(deploy);
  const written: HostRecord = { ...record, pid: process.pid, startedAt: new Date().toISOString() };
  writeFileSync(hostRecordFile(deploy), `${JSON.stringify(written, null, 2)}\n`, { mode: 0o600 });
}

/** The record of the site running from this deploy, or null: none, malformed, or its process gone. */
export function readHostRecord(deploy: string): HostRecord | null {
  let value: Partial<HostRecord>;
  try {
    value = JSON.parse(readFileSync(hostRecordFile(deploy), 'utf8')) as Partial<HostRecord>;
  } catch {
    return null;
  }
  if (typeof value.releaseService !== 'string' || !/^https?:\/\/[^/\s]+$/.test(value.releaseService))
    return null;
  if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || !running(value.pid)) return null;
  return value as HostRecord;
}

/** Removes the record this process wrote (not one another start wrote since). */
export function removeHostRecord(deploy: string): void {
  try {
    const value = JSON.parse(readFileSync(hostRecordFile(deploy), 'utf8')) as Partial<HostRecord>;
    if (value.pid === process.pid) rmSync(hostRecordFile(deploy), { force: true });
  } catch {
    // None, or not ours to remove.
  }
}
