/**
 * `pnpm test:e2e` reads two options of its own and hands every other argument to Playwright unchanged (spec
 * files, -g, --project, --headed…): `--remote <folder>` runs the specs tagged with that remote plus the
 * composition smoke, and `--fail-fast` stops at the first failure. Playwright's own options do the work
 * (--grep on the tags, --max-failures=1); parsed by hand because Node's parseArgs cannot leave unknown options
 * to someone else.
 */
import { remoteNames, remotes } from 'build-config/topology';
import { UsageError } from 'platform-kit/cli';
import { appTag, smokeTag, tagPattern } from './affected/e2e-tags.ts';

export interface E2eRun {
  /** The arguments for `playwright test`. */
  playwright: string[];
  /** The remote folder chosen with --remote. */
  remote?: string;
  failFast: boolean;
}

const remoteFolders = remoteNames.map((name) => remotes[name].folder);
const grepOptions = ['-g', '--grep'];
const stopOptions = ['-x', '--max-failures'];

const optionName = (argument: string) => argument.split('=')[0] ?? argument;

function chosenRemote(value: string | undefined): string {
  if (value === undefined || value === '' || value.startsWith('-')) {
    throw new UsageError(`--remote needs a remote's folder: one of ${remoteFolders.join(', ')}.`);
  }
  const remote = remoteNames.find((name) => remotes[name].folder === value || name === value);
  if (remote) return remotes[remote].folder;
  const others =
    value === 'shell' || value === 'enquiry-api'
      ? ` ${value} is no remote: run its specs with --grep ${appTag(value)}.`
      : '';
  throw new UsageError(
    `Unknown remote "${value}" for --remote: one of ${remoteFolders.join(', ')}.${others}`,
  );
}

export function e2eRun(argv: readonly string[]): E2eRun {
  const passed: string[] = [];
  let remote: string | undefined;
  let failFast = false;
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] ?? '';
    if (argument === '--remote' || argument.startsWith('--remote=')) {
      if (remote !== undefined) throw new UsageError('--remote is given twice: one remote at a time.');
      remote = chosenRemote(argument === '--remote' ? argv[++index] : argument.slice('--remote='.length));
    } else if (argument === '--fail-fast') {
      failFast = true;
    } else if (argument.startsWith('--fail-fast=')) {
      throw new UsageError('--fail-fast takes no value.');
    } else {
      passed.push(argument);
    }
  }
  if (remote !== undefined && passed.some((argument) => grepOptions.includes(optionName(argument)))) {
    throw new UsageError(
      '--remote picks the tests by their tags with --grep: narrow it with a spec file, --project or --grep-invert instead.',
    );
  }
  if (failFast && passed.some((argument) => stopOptions.includes(optionName(argument)))) {
    throw new UsageError('--fail-fast is --max-failures=1: give one or the other.');
  }
  const playwright = [
    ...(remote === undefined ? [] : [`--grep=${tagPattern([appTag(remote), smokeTag])}`]),
    ...(failFast ? ['--max-failures=1'] : []),
    ...passed,
  ];
  return { playwright, remote, failFast };
}
