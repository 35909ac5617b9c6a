/**
 * `--force` past a gate (the contract check, the render gates) needs the operator's key (issue 41, item 4): a
 * team's key that could force a build the gates saw crash could put it before every visitor, and no canary
 * verdict on a quiet site would take it back. A team key's `force` is refused with 403 before its upload is read,
 * naming the command the operator runs on the host instead; nothing changes, and the refusal is in the service's
 * log and in the audit log: an upload's as its upload entry (upload-audit.ts), a rollback's as a `refused` entry.
 */
import type { RefusalAuditEntry } from 'build-config/release-protocol';
import { appendAudit } from 'deploy-folder/audit';
import type { KeyHolder } from './keys.ts';

/** A team key asked for `force`: 403 `forbidden`, with what to ask the operator for. */
export class OperatorKeyNeeded extends Error {
  override name = 'OperatorKeyNeeded';
}

/**
 * Throws OperatorKeyNeeded when `force` comes with a team key. `what` is the change ("Releasing",
 * "Rolling back", "Publishing a preview"); `operatorCommand` the command the operator runs on the host.
 */
export function refuseTeamForce(
  holder: KeyHolder,
  force: boolean,
  what: string,
  operatorCommand: string,
  /** Records a refusal that no upload entry records (a rollback's): in the audit log. */
  record?: (reason: string) => void,
) {
  if (!force || holder.scope === 'all') return;
  const reason = `${what} past a failed gate (--force) needs the operator's key; "${holder.name}" is a key for ${holder.scope}. Nothing changed. Send it again without --force to see what the gates say; to go ahead despite them, ask the operator to run on the host: ${operatorCommand}`;
  record?.(reason);
  throw new OperatorKeyNeeded(reason);
}

/** A rollback's refusal as the audit log keeps it (an upload's is its UploadAuditEntry). */
export function recordForceRefusal(
  deploy: string,
  entry: Pick<RefusalAuditEntry, 'by' | 'from' | 'scope' | 'request' | 'reason'>,
) {
  appendAudit(deploy, {
    at: new Date().toISOString(),
    action: 'refused',
    status: 403,
    problem: 'forbidden',
    ...entry,
  });
}

/** The gates' refusals, whose own sentence offers --force. */
const gateProblems = new Set(['incompatible', 'render-failed']);

/**
 * A gate's refusal as a team key reads it: the gate's sentence offers `--force`, which that key cannot use, so it
 * is told who can. The operator's key reads the sentence as it is.
 */
export function withForceAdvice(holder: KeyHolder, problem: string, error: string): string {
  if (holder.scope === 'all' || !gateProblems.has(problem)) return error;
  return `${error}\n--force needs the operator's key: fix the build, or ask the operator to release it past the gates.`;
}
