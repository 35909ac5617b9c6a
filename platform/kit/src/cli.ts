import { parseArgs } from 'node:util';
import { type RemoteName, remoteNames, remotes } from 'build-config/topology';

/** Bad command-line input: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Flags = Record<string, { type: 'boolean' | 'string' }>;

/** Parses flags and positionals strictly: an unknown flag or a missing value is a UsageError. */
export function parseCommandLine<F extends Flags>(argv: readonly string[], flags: F) {
  try {
    return parseArgs({ args: [...argv], options: flags, allowPositionals: true, strict: true });
  } catch (error) {
    // Node's message goes on about '--' for positionals that start with a dash: the first sentence says it.
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, '.'));
  }
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

/**
 * Runs a command's main, turning its errors into a clear message and an exit code: 2 for bad arguments (with
 * the usage line), 1 for a refused or failed release.
 */
export async function runCommand(usage: string, main: () => void | Promise<void>) {
  try {
    await main();
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n${usage.split('\n')[0]}  (--help explains)`);
      process.exit(2);
    }
    console.error((error as Error).message);
    process.exit(1);
  }
}

/** Refuses flags that the chosen form of a command does not take (`what` names that form). */
export function refuseFlags(values: Record<string, unknown>, allowed: readonly string[], what: string) {
  const extra = Object.keys(values).filter(
    (flag) => flag !== 'help' && values[flag] !== undefined && !allowed.includes(flag),
  );
  if (extra.length > 0)
    throw new UsageError(`${what} takes no ${extra.map((flag) => `--${flag}`).join(', ')}.`);
}
