/**
 * `pnpm release`'s arguments read into the command they ask for, once, at the edge (the client); the service
 * gets the command over HTTP. The forms and the values' rules (`--canary`, `--stages`, `--hold`) are the protocol
 * both sides share (deploy-model's release-command.ts); this file is the command line's part.
 */
import { resolve } from 'node:path';
import { releaseScopes } from 'build-config/release-protocol';
import { remoteNames } from 'build-config/topology';
import { canaryPercent, parseRollout, type ReleaseCommand } from 'deploy-model/release-command';
import { parseCommandLine, refuseFlags, resolveRemote, UsageError } from 'platform-kit/cli';

const flags = {
  canary: { type: 'string' },
  'build-dir': { type: 'string' },
  force: { type: 'boolean' },
  reason: { type: 'string' },
  once: { type: 'boolean' },
  stages: { type: 'string' },
  hold: { type: 'string' },
  preview: { type: 'boolean' },
  hours: { type: 'string' },
  help: { type: 'boolean' },
} as const;

/**
 * The command the arguments ask for; a UsageError for anything else, including a flag the chosen form does not
 * take. A relative --build-dir is taken from `cwd` (pnpm runs scripts from the repo root: INIT_CWD is where it
 * was typed).
 */
export function parseReleaseCommand(argv: readonly string[], cwd = process.cwd()): ReleaseCommand {
  const { values, positionals } = parseCommandLine(argv, flags);
  if (values.help) return { kind: 'help' };
  const [first, second, ...more] = positionals;
  if (first === 'status') {
    refuseFlags(values, [], 'status');
    if (more.length > 0) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    return { kind: 'status', names: second === undefined ? remoteNames : [resolveRemote(second)] };
  }
  if (first === 'watch') {
    refuseFlags(values, ['once'], 'watch');
    if (positionals.length > 1)
      throw new UsageError(`watch takes no arguments, got: ${positionals.join(' ')}.`);
    return { kind: 'watch', once: values.once ?? false };
  }
  if (first === 'preview' && second === 'revoke') {
    refuseFlags(values, [], 'preview revoke');
    const [remote, link, ...extra] = more;
    if (remote === undefined || extra.length > 0)
      throw new UsageError(
        'Name a remote, and a link to end only that one: pnpm release preview revoke <remote> [<link>].',
      );
    return { kind: 'revoke-preview', name: resolveRemote(remote), ...(link === undefined ? {} : { link }) };
  }
  if (first === 'preview') {
    refuseFlags(values, ['hours'], 'preview');
    if (second === undefined || more.length !== 1)
      throw new UsageError(
        `Name a remote and one of its published versions: pnpm release preview <remote> <version>.`,
      );
    return {
      kind: 'preview-link',
      name: resolveRemote(second),
      version: more[0] as string,
      ...hoursOf(values),
    };
  }
  if (first === 'shell') {
    refuseFlags(values, ['build-dir', 'force'], 'a release of the shell');
    if (second !== undefined) throw new UsageError(`The shell has no canary: got ${positionals.join(' ')}.`);
    return {
      kind: 'shell',
      force: values.force ?? false,
      ...(values['build-dir'] ? { buildDir: resolve(cwd, values['build-dir']) } : {}),
    };
  }
  if (more.length > 0 || (second !== undefined && second !== 'promote' && second !== 'abort'))
    throw new UsageError(`Release one remote at a time, got: ${positionals.join(' ')}.`);
  const name = resolveRemote(first);
  if (second === 'promote') {
    refuseFlags(values, [], 'promote');
    return { kind: 'promote', name };
  }
  if (second === 'abort') {
    refuseFlags(values, ['reason'], 'abort');
    return { kind: 'abort', name, ...(values.reason === undefined ? {} : { reason: values.reason }) };
  }
  const build = {
    force: values.force ?? false,
    ...(values['build-dir'] ? { buildDir: resolve(cwd, values['build-dir']) } : {}),
  };
  if (values.preview) {
    refuseFlags(values, ['preview', 'hours', 'build-dir', 'force'], 'a preview');
    return { kind: 'preview', name, ...build, ...hoursOf(values) };
  }
  refuseFlags(values, ['canary', 'build-dir', 'force', 'stages', 'hold'], 'a release');
  const rollout = parseRollout(values);
  if (rollout)
    return { kind: 'canary', name, percent: canaryPercent(String(rollout.stages[0])), ...build, rollout };
  if (values.canary !== undefined)
    return { kind: 'canary', name, percent: canaryPercent(values.canary), ...build };
  return { kind: 'release', name, ...build };
}

const hoursOf = (values: { hours?: string }) => (values.hours === undefined ? {} : { hours: values.hours });

/** `pnpm release key`: the operator's, on the host (releases' key-command.ts runs it). */
export const keyUsage = `Usage: pnpm release key create <scope> [--name <name>]
       pnpm release key list
       pnpm release key revoke <name>

  create   a key for one scope (${releaseScopes.join(', ')}); printed once, on the last line
  list     every key's name, scope, creation and revocation (never the key)
  revoke   the key stops working at once; its name stays taken, so the audit log stays readable`;
