/**
 * Who changed what, when and from where: deploy/releases/audit.jsonl, one AuditEntry per line, appended for
 * every change the release service makes (rollbacks and the canary check's aborts included) and for the
 * builds a start publishes, and one UploadAuditEntry (`action: "upload"`) for every upload to the service, accepted
 * or refused. Lines are only ever appended, each with one write of a whole line, so a reader never sees half an
 * entry and an entry once written is never rewritten. A reader that does not know uploads skips their lines, as
 * it skips any line that is not an entry.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AuditEntry,
  describeSource,
  type RefusalAuditEntry,
  type ReleaseScope,
  releaseScopes,
  type UploadAuditEntry,
} from 'build-config/release-protocol';

/** A line of the audit log: a change, an upload, or a refused request that sent none. */
export type AuditRecord = AuditEntry | UploadAuditEntry | RefusalAuditEntry;

export const auditFile = (deploy: string) => join(deploy, 'releases', 'audit.jsonl');

const actions: readonly AuditEntry['action'][] = [
  'release',
  'canary',
  'stage',
  'promote',
  'abort',
  'rollback',
  'publish',
  'preview',
  'revoke-preview',
];

const isEntry = (value: unknown): value is AuditEntry => {
  const entry = value as Partial<AuditEntry> | null;
  return (
    typeof entry?.at === 'string' &&
    typeof entry.by === 'string' &&
    typeof entry.from === 'string' &&
    typeof entry.version === 'string' &&
    releaseScopes.includes(entry.scope as ReleaseScope) &&
    actions.includes(entry.action as AuditEntry['action'])
  );
};

const outcomes: readonly UploadAuditEntry['outcome'][] = ['accepted', 'refused', 'failed'];

const isUpload = (value: unknown): value is UploadAuditEntry => {
  const entry = value as Partial<UploadAuditEntry> | null;
  return (
    entry?.action === 'upload' &&
    typeof entry.at === 'string' &&
    typeof entry.by === 'string' &&
    typeof entry.from === 'string' &&
    typeof entry.scope === 'string' &&
    typeof entry.status === 'number' &&
    outcomes.includes(entry.outcome as UploadAuditEntry['outcome'])
  );
};

const isRefusal = (value: unknown): value is RefusalAuditEntry => {
  const entry = value as Partial<RefusalAuditEntry> | null;
  return (
    entry?.action === 'refused' &&
    typeof entry.at === 'string' &&
    typeof entry.by === 'string' &&
    typeof entry.from === 'string' &&
    typeof entry.request === 'string' &&
    typeof entry.status === 'number' &&
    releaseScopes.includes(entry.scope as ReleaseScope)
  );
};

export function appendAudit(deploy: string, entry: AuditRecord) {
  mkdirSync(join(deploy, 'releases'), { recursive: true });
  // O_APPEND with one write per line: appends from two processes never interleave within a line.
  appendFileSync(auditFile(deploy), `${JSON.stringify(entry)}\n`);
}

export interface AuditQuery {
  scope?: ReleaseScope;
  /** The newest this many (after the scope filter). */
  limit?: number;
}

/** The changes, oldest first; a line that is not one (an upload, a torn last line after a crash) is skipped. */
export function readAudit(deploy: string, query: AuditQuery = {}): AuditEntry[] {
  return readRecords(deploy, query, isEntry);
}

/** The changes, the uploads and the refused requests that sent none, oldest first. */
export function readAuditWithUploads(deploy: string, query: AuditQuery = {}): AuditRecord[] {
  return readRecords(
    deploy,
    query,
    (value): value is AuditRecord => isEntry(value) || isUpload(value) || isRefusal(value),
  );
}

function readRecords<T extends AuditRecord>(
  deploy: string,
  query: AuditQuery,
  wanted: (value: unknown) => value is T,
): T[] {
  const file = auditFile(deploy);
  if (!existsSync(file)) return [];
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      if (line.trim() === '') return [];
      try {
        const parsed: unknown = JSON.parse(line);
        return wanted(parsed) ? [parsed] : [];
      } catch {
        return [];
      }
    })
    .filter((entry) => query.scope === undefined || entry.scope === query.scope);
  return query.limit === undefined ? entries : entries.slice(-query.limit);
}

/** One line per entry, for `pnpm release log`. */
export function describeAuditEntry(entry: AuditRecord): string {
  if (entry.action === 'upload') return describeUpload(entry);
  if (entry.action === 'refused')
    return `${entry.at}  ${entry.scope.padEnd(12)}  ${entry.action.padEnd(8)}  ${entry.request}  by ${entry.by} from ${entry.from}: ${entry.status} ${entry.problem}: ${entry.reason}`;
  const previous = entry.previous ? ` (was ${entry.previous})` : '';
  const traffic = entry.traffic === undefined ? '' : ` at ${entry.traffic}%`;
  const reason = entry.reason ? `: ${entry.reason}` : '';
  // Where the version came from (issue 41), when its upload said: `source 3f2a9c1d0b7e on main by Jane Doe`.
  const source = entry.source ? `  source ${describeSource(entry.source)}` : '';
  // On a host with staging: where the change was made, and a promotion's both ends (the same version in each).
  const where = entry.promotedFrom
    ? `  in ${entry.env ?? 'production'}, promoted from ${entry.promotedFrom}`
    : entry.env
      ? `  in ${entry.env}`
      : '';
  return `${entry.at}  ${entry.scope.padEnd(12)}  ${entry.action.padEnd(8)}  ${entry.version}${traffic}${previous}${where}  by ${entry.by} from ${entry.from}${source}${reason}`;
}

function describeUpload(entry: UploadAuditEntry): string {
  const outcome =
    entry.outcome === 'accepted'
      ? 'accepted'
      : `${entry.outcome} (${entry.status}${entry.problem ? ` ${entry.problem}` : ''})${entry.reason ? `: ${entry.reason}` : ''}`;
  return `${entry.at}  ${entry.scope.padEnd(12)}  ${entry.action.padEnd(8)}  ${entry.version ?? '(version unknown)'}  by ${entry.by} from ${entry.from}: ${outcome}`;
}
