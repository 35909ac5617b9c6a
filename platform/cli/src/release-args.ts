/**
 * `pnpm release`'s options declared on commander, and the command they ask for built from what commander read:
 * argv is parsed once, here at the edge. Each value is checked as it is read, by the protocol's own parsers
 * (deploy-model's release-command.ts: --canary, --stages, --hold), so a bad one gets the same message on the
 * command line as in the service's reply. The forms that begin with a word (status, watch, preview, shell) are
 * commander subcommands declaring the same options, so that a flag the form does not take is refused in the
 * form's words ("status takes no --force."), as before.
 */
import { resolve } from 'node:path';
import type { DeployEnvironment } from 'build-config/release-protocol';
import { remoteNames } from 'build-config/topology';
import { Command, Option } from 'commander';
import {
  canaryPercent,
  environmentName,
  parseHold,
  parseStages,
  type ReleaseCommand,
  rolloutOf,
} from 'deploy-model/release-command';
import { refuseFlags, resolveRemote, UsageError } from 'platform-kit/cli';
import { argParser } from './command-spec.ts';
import { parseErrorText } from './refusal.ts';

/** Every option of `pnpm release`'s forms; which form takes which is releaseCommandOf's to say. */
export const releaseOptions = () => [
  new Option(
    '--canary <percent>',
    'serve the new version to 1–99% of visitors; the default version keeps the rest',
  ).argParser(argParser(canaryPercent)),
  new Option(
    '--stages <p1,p2,…,100>',
    'a staged rollout: a canary at the first stage, one stage further after each hold while it is healthy (100 promotes it), aborted when it is clearly worse (docs/releasing.md)',
  ).argParser(argParser(parseStages)),
  new Option('--hold <30s|10m|2h>', 'how long each stage of a staged rollout runs').argParser(
    argParser(parseHold),
  ),
  new Option(
    '--build-dir <dir>',
    'release an existing build folder instead of building (e.g. a CI artifact)',
  ),
  new Option('--force', 'release even if the contract check fails (its slots will show their fallback)'),
  new Option('--reason <text>', 'abort: why, for the log'),
  new Option('--once', 'one check, then exit'),
  new Option(
    '--preview',
    'publish without traffic and print a link (last line) that puts the browser opening it, alone, on that version on every page, with a banner',
  ),
  new Option('--hours <h>', 'how long a preview link works (default 2)'),
  new Option(
    '--env <environment>',
    "a preview on a host with staging (AGENCY_STAGING=on): staging's (the default) or production's",
  ).argParser(argParser(environmentName)),
];

/** The forms of pnpm release that begin with a word of their own, each a subcommand. */
export const releaseWordForms = ['status', 'watch', 'preview', 'shell'] as const;

/**
 * A form's options and its positionals. Positional options: after a form's word, the options are the form's
 * (status --force is status's, refused in its words), not release's own. Its help lists those it takes (every
 * one but watch's --once for release's own form); the others are declared hidden, to be refused in its words.
 */
export const withReleaseOptions = (command: Command, takes?: readonly string[]) => {
  for (const option of releaseOptions()) {
    const name = option.long?.replace(/^--/, '') ?? '';
    const shown = takes ? takes.includes(name) : name !== 'once';
    command.addOption(shown ? option : option.hideHelp());
  }
  return command.enablePositionalOptions().argument('[arguments...]');
};

/** The options given, by their flag's name (`build-dir`), as the refusals name them. */
export function givenOptions(command: Command): Record<string, unknown> {
  return Object.fromEntries(
    command.options
      .map((option) => [
        option.long?.replace(/^--/, '') ?? '',
        command.getOptionValue(option.attributeName()),
      ])
      .filter(([, value]) => value !== undefined),
  );
}

type ReleaseValues = Record<string, unknown> & {
  canary?: number;
  'build-dir'?: string;
  force?: boolean;
  reason?: string;
  once?: boolean;
  stages?: number[];
  hold?: number;
  preview?: boolean;
  hours?: string;
  env?: DeployEnvironment;
};

/**
 * The command that the positionals (the form's word first, if any) and the options ask for; a UsageError for
 * anything else, including a flag the chosen form does not take. A relative --build-dir is taken from `cwd`
 * (pnpm runs scripts from the repo root: INIT_CWD is where it was typed).
 */
export function releaseCommandOf(
  positionals: readonly string[],
  given: Record<string, unknown>,
  cwd: string,
): ReleaseCommand {
  const values = given as ReleaseValues;
  const [first, second, ...more] = positionals;
  const build = {
    force: values.force ?? false,
    ...(values['build-dir'] ? { buildDir: resolve(cwd, values['build-dir']) } : {}),
  };
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
  if (first === 'preview') return previewLinkCommand(second, more, values);
  if (first === 'shell' && second === promoteToProduction) {
    refuseFlags(values, [], 'a promotion of the shell');
    if (more.length > 1) throw new UsageError(`Too many arguments: ${positionals.join(' ')}.`);
    return { kind: 'promote-to-production', name: 'shell', ...versionOf(more[0]) };
  }
  if (first === 'shell') {
    refuseFlags(values, ['build-dir', 'force'], 'a release of the shell');
    if (second !== undefined) throw new UsageError(`The shell has no canary: got ${positionals.join(' ')}.`);
    return { kind: 'shell', ...build };
  }
  if (second === promoteToProduction) return promotionCommand(first, more, values);
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
  if (values.preview) {
    refuseFlags(values, ['preview', 'hours', 'build-dir', 'force', 'env'], 'a preview');
    return { kind: 'preview', name, ...build, ...hoursOf(values), ...envOf(values) };
  }
  refuseFlags(values, ['canary', 'build-dir', 'force', 'stages', 'hold'], 'a release');
  const rollout = rolloutOf({ stages: values.stages, holdSeconds: values.hold, canary: values.canary });
  if (rollout) return { kind: 'canary', name, percent: rollout.stages[0] as number, ...build, rollout };
  if (values.canary !== undefined) return { kind: 'canary', name, percent: values.canary, ...build };
  return { kind: 'release', name, ...build };
}

/** The word of a promotion from staging: pnpm release <remote> promote-to-production [<version>]. */
const promoteToProduction = 'promote-to-production';

const versionOf = (version: string | undefined) => (version === undefined ? {} : { version });

/** pnpm release <remote> promote-to-production [<version>] [--canary <percent> | --stages … --hold …]. */
function promotionCommand(
  remote: string | undefined,
  more: readonly string[],
  values: ReleaseValues,
): ReleaseCommand {
  refuseFlags(values, ['canary', 'stages', 'hold'], 'a promotion');
  if (more.length > 1)
    throw new UsageError(
      `Promote one version at a time: pnpm release <remote> promote-to-production [<version>], got ${more.join(' ')}.`,
    );
  const name = resolveRemote(remote);
  const rollout = rolloutOf({ stages: values.stages, holdSeconds: values.hold, canary: values.canary });
  const percent = rollout ? rollout.stages[0] : values.canary;
  return {
    kind: 'promote-to-production',
    name,
    ...versionOf(more[0]),
    ...(percent === undefined ? {} : { percent }),
    ...(rollout ? { rollout } : {}),
  };
}

/** pnpm release preview <remote> <version> | preview revoke <remote> [<link>]. */
function previewLinkCommand(
  second: string | undefined,
  more: readonly string[],
  values: ReleaseValues,
): ReleaseCommand {
  if (second === 'revoke') {
    refuseFlags(values, [], 'preview revoke');
    const [remote, link, ...extra] = more;
    if (remote === undefined || extra.length > 0)
      throw new UsageError(
        'Name a remote, and a link to end only that one: pnpm release preview revoke <remote> [<link>].',
      );
    return { kind: 'revoke-preview', name: resolveRemote(remote), ...(link === undefined ? {} : { link }) };
  }
  refuseFlags(values, ['hours', 'env'], 'preview');
  if (second === undefined || more.length !== 1)
    throw new UsageError(
      `Name a remote and one of its published versions: pnpm release preview <remote> <version>.`,
    );
  return {
    kind: 'preview-link',
    name: resolveRemote(second),
    version: more[0] as string,
    ...hoursOf(values),
    ...envOf(values),
  };
}

const hoursOf = (values: { hours?: string }) => (values.hours === undefined ? {} : { hours: values.hours });
const envOf = (values: { env?: DeployEnvironment }) => (values.env === undefined ? {} : { env: values.env });

/**
 * The command `pnpm release <argv>` asks for, read by commander as the program reads it (for tests and for a
 * caller holding argv): a UsageError in the program's words for bad input.
 */
export function parseReleaseArgs(argv: readonly string[], cwd = process.cwd()): ReleaseCommand {
  let command: ReleaseCommand | undefined;
  const quietly = (target: Command) =>
    target
      .configureOutput({ writeErr: () => undefined, outputError: () => undefined })
      .exitOverride((error) => {
        throw new UsageError(parseErrorText(error, target) ?? 'help');
      });
  const release = quietly(withReleaseOptions(new Command('release'))).action((args: string[], _o, self) => {
    command = releaseCommandOf(args, givenOptions(self), cwd);
  });
  for (const form of releaseWordForms) {
    quietly(withReleaseOptions(release.command(form))).action((args: string[], _o, self: Command) => {
      command = releaseCommandOf([form, ...args], givenOptions(self), cwd);
    });
  }
  release.parse([...argv], { from: 'user' });
  if (command === undefined) throw new UsageError('No command read.');
  return command;
}
