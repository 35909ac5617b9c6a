/**
 * `pnpm release key create <scope> [--name <name>] | list | revoke <name>`: the operator's key commands, run on
 * the host against its deploy folder (they need no service running). `create` prints the new key alone on its
 * last line, so a script can take it with `tail -n 1`; nothing else ever shows a key again.
 */
import { createKey, KeyError, parseScope, readKeys, revokeKey } from './keys.ts';

/** What `pnpm release key …` asks for, read by the command line (platform/cli/src/release-key.ts). */
export type KeyCommand =
  | { action: 'create'; scope: string | undefined; name?: string }
  | { action: 'list' }
  | { action: 'revoke'; name: string };

export interface KeyCommandContext {
  deploy: string;
  out(text: string): void;
}

/** Runs one key command; a refused one (unknown scope or name) is a KeyError. */
export function runKeyCommand(command: KeyCommand, { deploy, out }: KeyCommandContext) {
  if (command.action === 'create') {
    const scope = parseScope(command.scope);
    const { name, key } = createKey(deploy, scope, command.name);
    out(
      `Created the key "${name}" for ${scope}. It is shown only now: store it as your CI's secret ` +
        '(AGENCY_RELEASE_KEY), and revoke it with: pnpm release key revoke ' +
        `${name}\n${key}`,
    );
    return;
  }
  if (command.action === 'list') {
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
  const revoked = revokeKey(deploy, command.name);
  out(
    `Revoked the key "${revoked.name}" (${revoked.scope}) at ${revoked.revokedAt}; it is refused from now on.`,
  );
}

export { KeyError };
