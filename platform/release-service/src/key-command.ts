/**
 * `pnpm release key create <scope> [--name <name>] | list | revoke <name>`: the operator's key commands, run on
 * the host against its deploy folder (they need no service running). `create` prints the new key alone on its
 * last line, so a script can take it with `tail -n 1`; nothing else ever shows a key again.
 */
import { parseCommandLine, refuseFlags, UsageError } from 'platform-kit/cli';
import { keyUsage } from 'release-client/command-line';
import { createKey, KeyError, parseScope, readKeys, revokeKey } from './keys.ts';

export interface KeyCommandContext {
  deploy: string;
  out(text: string): void;
}

/** Runs one key command; a bad form is a UsageError, a refused one (unknown scope or name) a KeyError. */
export function runKeyCommand(argv: readonly string[], { deploy, out }: KeyCommandContext) {
  const { values, positionals } = parseCommandLine(argv, {
    name: { type: 'string' },
    help: { type: 'boolean' },
  });
  if (values.help) return out(keyUsage);
  const [action, argument, ...more] = positionals;
  if (more.length > 0) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
  if (action === 'create') {
    const scope = parseScope(argument);
    const { name, key } = createKey(deploy, scope, values.name);
    out(
      `Created the key "${name}" for ${scope}. It is shown only now: store it as your CI's secret ` +
        '(AGENCY_RELEASE_KEY), and revoke it with: pnpm release key revoke ' +
        `${name}\n${key}`,
    );
    return;
  }
  refuseFlags(values, [], `key ${action ?? ''}`.trim());
  if (action === 'list') {
    if (argument !== undefined) throw new UsageError('key list takes no arguments.');
    const keys = readKeys(deploy);
    if (keys.length === 0) return out('No keys yet; create one with: pnpm release key create <scope>');
    const width = Math.max(...keys.map((key) => key.name.length), 4);
    const rows = keys.map(
      (key) =>
        `${key.name.padEnd(width)}  ${key.scope.padEnd(12)}  ${key.createdAt}  ${key.revokedAt ? `revoked ${key.revokedAt}` : 'active'}`,
    );
    out(
      [`${'name'.padEnd(width)}  ${'scope'.padEnd(12)}  created${' '.repeat(18)}  state`, ...rows].join('\n'),
    );
    return;
  }
  if (action === 'revoke') {
    if (argument === undefined)
      throw new UsageError('Name the key to revoke (pnpm release key list shows them).');
    const revoked = revokeKey(deploy, argument);
    out(
      `Revoked the key "${revoked.name}" (${revoked.scope}) at ${revoked.revokedAt}; it is refused from now on.`,
    );
    return;
  }
  throw new UsageError(
    action === undefined
      ? 'Say what to do: key create, key list or key revoke.'
      : `Unknown key command "${action}".`,
  );
}

export { KeyError };
