/**
 * `pnpm release` and `pnpm rollback` on the program: commander declares every option of every form (values
 * checked as they are read: release-args.ts), the action builds the typed command and hands it to release.ts.
 */
import { type Command, Option } from 'commander';
import { environmentName } from 'deploy-model/release-command';
import { UsageError } from 'platform-kit/cli';
import { operatorFolderSetting } from 'platform-kit/settings/release-client';
import { parseLimit, parseLogScope } from 'release-client/log';
import { argParser, type CommandSpec } from './command-spec.ts';
import { helps, releaseUsage, rollbackUsage } from './helps.ts';
import { explained, runAs } from './refusal.ts';
import { givenOptions, releaseCommandOf, withReleaseOptions } from './release-args.ts';
import type { RollbackOptions } from './rollback.ts';

type AddCommand = (parent: Command, spec: CommandSpec) => Command;

const refusal = explained(releaseUsage);

/** Where pnpm release was typed: a relative --build-dir is taken from there, not the repo root pnpm runs from. */
const typedIn = () => operatorFolderSetting(process.env);

const spec: CommandSpec = {
  name: 'release',
  summary: 'build, check, publish and make live a remote or the shell; canaries, previews, status, keys',
  ...helps.release,
  examples: [
    'pnpm release mf-portfolio',
    'pnpm release mf-portfolio --canary 10',
    'pnpm release mf-portfolio --stages 5,25,50,100 --hold 10m',
    'pnpm release mf-portfolio promote',
    'pnpm release status',
    'pnpm release key create mf-portfolio --name portfolio-ci',
  ],
  refusal,
};

const formSpec = (name: (typeof helps.releaseForms)[number]['name']) => {
  const form = helps.releaseForms.find((candidate) => candidate.name === name);
  if (!form) throw new Error(`No help for release ${name}`);
  return { ...form, refusal };
};

export function addRelease(parent: Command, add: AddCommand) {
  const release = withReleaseOptions(add(parent, spec)).action((args: string[], _options, self: Command) =>
    runAs(refusal, async () =>
      (await import('./release.ts')).release(releaseCommandOf(args, givenOptions(self), typedIn())),
    ),
  );
  for (const form of ['status', 'watch', 'preview', 'shell'] as const) {
    withReleaseOptions(add(release, formSpec(form)), formSpec(form).takes).action(
      (args: string[], _options, self: Command) =>
        runAs(refusal, async () =>
          (await import('./release.ts')).release(
            releaseCommandOf([form, ...args], givenOptions(self), typedIn()),
          ),
        ),
    );
  }
  addReleaseLog(release, add);
  addReleaseKey(release, add);
}

/** pnpm release log [<remote-folder> | shell] [--limit <n>] [--uploads]. */
function addReleaseLog(release: Command, add: AddCommand) {
  add(release, formSpec('log'))
    .argument('[scope...]')
    .option('--limit <n>', 'the last n changes, 1 to 10000 (default 50)', argParser(parseLimit))
    .option(
      '--uploads',
      "every upload too, accepted or refused: the key's name (no key, unknown key), the address, the version once checked, the status and why it was refused",
    )
    .action((scopes: string[], options: { limit?: number; uploads?: boolean }) =>
      runAs(refusal, async () => {
        if (scopes.length > 1)
          throw new UsageError(`log takes one remote at most, got: ${scopes.join(' ')}.`);
        const scope = scopes[0] === undefined ? undefined : parseLogScope(scopes[0]);
        const query = {
          uploads: options.uploads ?? false,
          ...(scope === undefined ? {} : { scope }),
          ...(options.limit === undefined ? {} : { limit: options.limit }),
        };
        await (await import('./release.ts')).releaseLog(query);
      }),
    );
}

/** pnpm release key create <scope> [--name <name>] | key list | key revoke <name>: on the host. */
function addReleaseKey(release: Command, add: AddCommand) {
  add(release, formSpec('key'))
    .argument('[arguments...]')
    .option('--name <name>', "the new key's name (default: its scope and a number)")
    .action((args: string[], options: { name?: string }) =>
      runAs(refusal, async () => (await import('./release.ts')).releaseKey(args, options)),
    );
}

export function addRollback(parent: Command, add: AddCommand) {
  add(parent, {
    name: 'rollback',
    summary: 'make an earlier published version of one remote live again',
    ...helps.rollback,
    examples: [
      'pnpm rollback mf-portfolio',
      'pnpm rollback mf-portfolio --list',
      'pnpm rollback mf-portfolio 1a2b3c4d5e6f',
    ],
    refusal: explained(rollbackUsage),
  })
    .argument('[remote-and-version...]')
    .option('--list', 'list the published versions, oldest first, and which one is live')
    .option('--force', 'roll back even if that version fails the contract check against the current shell')
    .addOption(
      new Option(
        '--env <environment>',
        "on a host with staging (AGENCY_STAGING=on): staging's (the default) or production's",
      ).argParser(argParser(environmentName)),
    )
    .action((positionals: string[], options: RollbackOptions) =>
      runAs(explained(rollbackUsage), async () =>
        (await import('./rollback.ts')).rollback(positionals, options),
      ),
    );
}
