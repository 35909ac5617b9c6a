/**
 * `pnpm rollback`'s work and its messages, in one place for the command and the release service: the list of a
 * remote's published versions, and a rollback with what it changed.
 */
import { type RemoteName, remotes } from 'build-config/topology';
import type { DeployRef } from 'deploy-folder/deploy';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { describeVersions, listVersions, rollbackRemote } from './release.ts';
export interface RollbackContext {
  deploy: DeployRef;
  settings: ChangeSettings;
  out(text: string): void;
  warn(text: string): void;
  /**
   * Each problem a forced change went ahead despite, as a value (the release service records them as the
   * change's reason); the printed warning is for people.
   */
  forced?(problem: string): void;
}

/** The published versions, oldest first, the live one marked (`pnpm rollback <remote> --list`). */
export function listRollbackVersions(
  name: RemoteName,
  { deploy, out }: Pick<RollbackContext, 'deploy' | 'out'>,
) {
  const { folder } = remotes[name];
  const known = listVersions(deploy, name);
  if (known.versions.length === 0) out(`${folder} has no published versions here.`);
  else out(`Published versions of ${folder} (oldest first):\n${describeVersions(known)}`);
}

export interface RollbackRequest {
  name: RemoteName;
  /** Default: the version published before the live one. */
  version?: string;
  force: boolean;
}

/** Makes an earlier published version live again; throws a ReleaseError, changing nothing, when refused. */
export function runRollback(
  { name, version, force }: RollbackRequest,
  { deploy, settings, out, warn, forced }: RollbackContext,
) {
  const { folder } = remotes[name];
  const outcome = rollbackRemote(deploy, name, { force, settings, ...(version ? { version } : {}) });
  for (const problem of outcome.forced) {
    warn(`Rolled back despite: ${problem}`);
    forced?.(problem);
  }
  if (outcome.replacedCanary)
    out(`The canary ${outcome.replacedCanary} that ran beside ${outcome.previous} is gone as well.`);
  out(
    `Rolled ${folder} back to ${outcome.version} (was ${outcome.previous ?? 'none'}).\n` +
      `  remotes.json: ${name} → ${outcome.manifestUrl}\n` +
      'Reload the site to see it.',
  );
  return outcome;
}
