/**
 * Every upload in the audit log, accepted or refused: once a build sent to `releases` or `previews` has been
 * answered, an UploadAuditEntry is appended beside the changes (deploy-folder/audit.ts) with the key's name (or
 * `no key` / `unknown key`, never the key), the client's address, the remote, the version once the build has
 * arrived and been checked, and the outcome with the refusal's `problem` and sentence. A team trying keys, a
 * pipeline sending broken builds, a build a gate refused: the operator reads each in `pnpm release log --uploads`.
 */
import { type ReleaseScope, releaseScopes, type UploadAuditEntry } from 'build-config/release-protocol';
import { appendAudit } from 'deploy-folder/audit';
import type { Context, MiddlewareHandler } from 'hono';
import {
  type UnauthenticatedBudget,
  unauthenticatedBudget,
  unauthenticatedLimits,
} from './unauthenticated-budget.ts';

const uploadRoute = /^\/v1\/([^/]+)\/(releases|previews)$/;
/** A reason longer than this is cut: the log is read one line per entry. */
const maxReasonLength = 300;

const versions = new WeakMap<Request, string>();

/** The version of the build the request sent, once it has arrived and been checked. */
export function noteUploadVersion(c: Context, version: string | undefined) {
  if (version) versions.set(c.req.raw, version);
}

/** The remote as the request named it: one of ours, a plain name (someone tried it), or `?`. */
function scopeNamed(encoded: string): string {
  let raw: string;
  try {
    raw = decodeURIComponent(encoded);
  } catch {
    return '?';
  }
  if (releaseScopes.includes(raw as ReleaseScope)) return raw;
  return /^[a-z0-9-]{1,40}$/i.test(raw) ? raw : '?';
}

/** One line without control characters (a terminal prints it as it is), at most maxReasonLength long. */
function oneLine(text: string): string {
  const line = text.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return line.length > maxReasonLength ? `${line.slice(0, maxReasonLength - 1)}…` : line;
}

/** Who sent it: the key's name once authenticated; for a 401, whether a key was given at all. */
function senderOf(c: Context): string {
  const holder = c.get('holder') as { name?: string } | undefined;
  if (holder?.name) return holder.name;
  return /^Bearer\s+\S/i.test(c.req.header('authorization') ?? '') ? 'unknown key' : 'no key';
}

async function refusalOf(response: Response): Promise<Pick<UploadAuditEntry, 'problem' | 'reason'>> {
  try {
    const body = (await response.clone().json()) as { problem?: unknown; error?: unknown };
    return {
      ...(typeof body.problem === 'string' ? { problem: oneLine(body.problem) } : {}),
      ...(typeof body.error === 'string' ? { reason: oneLine(body.error) } : {}),
    };
  } catch {
    return {};
  }
}

/** The middleware; registered before the key is checked, so a 401 is recorded too. */
export function recordUploads(options: {
  deploy: string;
  from: (c: Context) => string;
  log?: (line: string) => void;
  unauthenticated?: UnauthenticatedBudget;
}): MiddlewareHandler {
  const budget = options.unauthenticated ?? unauthenticatedBudget();
  let unrecorded = 0;
  return async (c, next) => {
    const route = c.req.method === 'POST' ? uploadRoute.exec(c.req.path) : null;
    // A preview of a version already published (a JSON body) uploads nothing.
    const json = /^application\/json\b/i.test(c.req.header('content-type') ?? '');
    if (!route || (route[2] === 'previews' && json)) return next();
    await next();
    const { status } = c.res;
    const version = versions.get(c.req.raw);
    const entry: UploadAuditEntry = {
      at: new Date().toISOString(),
      by: senderOf(c),
      from: options.from(c),
      scope: scopeNamed(route[1] ?? ''),
      action: 'upload',
      ...(version ? { version } : {}),
      outcome: status < 400 ? 'accepted' : status < 500 ? 'refused' : 'failed',
      status,
      ...(status >= 400 ? await refusalOf(c.res) : {}),
    };
    if (status === 401) {
      const share = budget.take(entry.from);
      if (share === 'skip') {
        unrecorded += 1;
        if (unrecorded % 100 === 1)
          options.log?.(
            `Release service: ${unrecorded} upload(s) without a valid key since it started not recorded one by one in the audit log (at most ${unauthenticatedLimits.perAddress} an address and ${unauthenticatedLimits.inAll} in all an hour are)`,
          );
        return;
      }
      if (share === 'note')
        entry.reason = `${entry.reason ?? 'no valid key'} (the last recorded one by one this hour: from this address, or in all)`;
    }
    try {
      appendAudit(options.deploy, entry);
    } catch (error) {
      // The reply stands; the operator learns from the service's log that its audit could not be written.
      options.log?.(`Release service: the audit log could not record an upload: ${(error as Error).message}`);
    }
  };
}
