/**
 * `--force` past a gate (the contract check, the render gates) needs the operator's key (issue 41, item 4): a
 * team's key that could force a build the gates saw crash could put it before every visitor, and no canary
 * verdict on a quiet site would take it back. A team key's `force` is refused with 403 before its upload is read,
 * naming the command the operator runs on the host instead; nothing changes, and the refusal is in the service's
 * log and, for an upload, in the audit log (upload-audit.ts).
 */
import type { KeyHolder } from './keys.ts';

/** A team key asked for `force`: 403 `forbidden`, with what to ask the operator for. */
export class OperatorKeyNeeded extends Error {
  override name = 'OperatorKeyNeeded';
}

/**
 * Throws OperatorKeyNeeded when `force` comes with a team key. `what` is the change ("Releasing",
 * "Rolling back", "Publishing a preview"); `operatorCommand` the command the operator runs on the host.
 */
export function refuseTeamForce(holder: KeyHolder, force: boolean, what: string, operatorCommand: string) {
  if (!force || holder.scope === 'all') return;
  throw new OperatorKeyNeeded(
    `${what} past a failed gate (--force) needs the operator's key; "${holder.name}" is a key for ${holder.scope}. Nothing changed. Send it again without --force to see what the gates say; to go ahead despite them, ask the operator to run on the host: ${operatorCommand}`,
  );
}
