/**
 * `pnpm release key create <scope> [--name <name>] | key list | key revoke <name>` read into the KeyCommand that
 * releases' key-command.ts runs on the host's disk: the words after `key` and the --name commander read.
 */
import { refuseFlags, UsageError } from 'platform-kit/cli';
import type { KeyCommand } from 'release-service/key-command';

export function keyCommandOf(positionals: readonly string[], options: { name?: string }): KeyCommand {
  const [action, argument, ...more] = positionals;
  if (more.length > 0) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
  if (action === 'create')
    return { action, scope: argument, ...(options.name === undefined ? {} : { name: options.name }) };
  refuseFlags(options, [], `key ${action ?? ''}`.trim());
  if (action === 'list') {
    if (argument !== undefined) throw new UsageError('key list takes no arguments.');
    return { action };
  }
  if (action === 'revoke') {
    if (argument === undefined)
      throw new UsageError('Name the key to revoke (pnpm release key list shows them).');
    return { action, name: argument };
  }
  throw new UsageError(
    action === undefined
      ? 'Say what to do: key create, key list or key revoke.'
      : `Unknown key command "${action}".`,
  );
}
