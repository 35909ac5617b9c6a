/**
 * `pnpm test:e2e` reads two options of its own and hands every other argument to Playwright unchanged (spec
 * files, -g, --project, --headed…): `--remote <folder>` runs the specs tagged with that remote plus the
 * composition smoke, and `--fail-fast` stops at the first failure. Playwright's own options do the work
 * (--grep on the tags, --max-failures=1). Commander reads the two and leaves every other argument, in its order,
 * for Playwright (allowUnknownOption); what stays here is what they mean together with Playwright's own options.
 */
import { remoteNames, remotes } from 'build-config/topology';
import { Command, CommanderError } from 'commander';
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
/**
 * The Playwright projects a team's `--remote` run takes when it names none: every project but `nginx`, whose
 * specs hold Debian's nginx (the operator's host) to the embedded host and need nginx installed, which a team's
 * CI job does not (issue 41), and but `engines`, whose journeys need Firefox ESR and WebKitGTK's WebDriver
 * (issue 42). `--project nginx` or `--project engines` runs them too. e2e/playwright.config.ts names them, in
 * its order (delivery first, so its long tests start with the run); a test holds the two together.
 */
export const teamProjects = ['delivery', 'desktop', 'mobile', 'outage'] as const;

/**
 * `npm test`'s e2e, in two Playwright runs: every project but `outage`, then `outage` alone. The outage tests time
 * the page from navigation to its fallback against documented bounds of a few seconds (docs/deployment.md); beside
 * other tests on a slow two-core machine the page alone took 5.3-8 s, and a project handed out last still starts
 * while the longest tests of the others run. Each run writes its own report (reports/<report>) and its own
 * artifacts (test-results/<output>, when it has one). A test holds the projects to e2e/playwright.config.ts.
 */
export const suiteRuns = [
  { projects: ['delivery', 'desktop', 'mobile', 'engines', 'nginx'], report: 'playwright.json' },
  { projects: ['outage'], report: 'playwright-outage.json', output: 'outage' },
] as const;
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

/** --remote and --fail-fast taken out of the arguments; the rest, in order, for Playwright. */
function readOwnOptions(argv: readonly string[]) {
  // After "--" everything is Playwright's, as typed.
  const end = argv.indexOf('--');
  const ours = end === -1 ? argv : argv.slice(0, end);
  let remote: string | undefined;
  const command = new Command()
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined })
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[playwright...]')
    .option('--remote <folder>', 'a remote', (value: string) => {
      if (remote !== undefined) throw new UsageError('--remote is given twice: one remote at a time.');
      remote = chosenRemote(value);
      return remote;
    })
    .option('--fail-fast', 'stop at the first failure');
  try {
    command.parse([...ours], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError && error.code === 'commander.optionMissingArgument')
      chosenRemote(undefined);
    throw error;
  }
  const passed = [...command.args, ...(end === -1 ? [] : argv.slice(end))];
  // Commander leaves --fail-fast=… to the others, as a flag it does not know with a value.
  if (passed.some((argument) => argument.startsWith('--fail-fast=')))
    throw new UsageError('--fail-fast takes no value.');
  return { remote, failFast: command.opts<{ failFast?: boolean }>().failFast ?? false, passed };
}

export function e2eRun(argv: readonly string[]): E2eRun {
  const { remote, failFast, passed } = readOwnOptions(argv);
  if (remote !== undefined && passed.some((argument) => grepOptions.includes(optionName(argument)))) {
    throw new UsageError(
      '--remote picks the tests by their tags with --grep: narrow it with a spec file, --project or --grep-invert instead.',
    );
  }
  if (failFast && passed.some((argument) => stopOptions.includes(optionName(argument)))) {
    throw new UsageError('--fail-fast is --max-failures=1: give one or the other.');
  }
  const projectNamed = passed.some((argument) => optionName(argument) === '--project');
  const playwright = [
    ...(remote === undefined ? [] : [`--grep=${tagPattern([appTag(remote), smokeTag])}`]),
    ...(remote === undefined || projectNamed ? [] : teamProjects.map((project) => `--project=${project}`)),
    ...(failFast ? ['--max-failures=1'] : []),
    ...passed,
  ];
  return { playwright, remote, failFast };
}
