/**
 * What the program's commands share once commander has read argv (platform/cli parses it, nowhere else): the
 * error of bad input, a remote by the name typed, and the refusal of a flag a form does not take.
 */
import { type RemoteName, remoteNames, remotes } from 'build-config/topology';

/** Bad command-line input: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const folders = remoteNames.map((name) => remotes[name].folder);

/** A remote by its folder (mf-marketing) or its federation name (mf_marketing). */
export function resolveRemote(argument: string | undefined): RemoteName {
  if (argument === undefined) throw new UsageError(`Name the remote: one of ${folders.join(', ')}.`);
  const match = remoteNames.find((name) => name === argument || remotes[name].folder === argument);
  if (match) return match;
  if (argument === 'shell') {
    throw new UsageError(
      'The shell is not a remote: it is released with pnpm release shell, as a whole (no canary, no rollback).',
    );
  }
  throw new UsageError(`Unknown remote "${argument}". Choose one of: ${folders.join(', ')}.`);
}

/** Refuses flags that the chosen form of a command does not take (`what` names that form). */
export function refuseFlags(values: Record<string, unknown>, allowed: readonly string[], what: string) {
  const extra = Object.keys(values).filter(
    (flag) => flag !== 'help' && values[flag] !== undefined && !allowed.includes(flag),
  );
  if (extra.length > 0)
    throw new UsageError(`${what} takes no ${extra.map((flag) => `--${flag}`).join(', ')}.`);
}
