/**
 * pnpm bench's and pnpm bench:hosts's options declared on commander, each value checked as it is read by the
 * bench's own parsers (platform/bench/src/options.ts, hosts-options.ts); the action gets the options typed.
 */
import { Command } from 'commander';
import {
  type BenchHost,
  type HostsBenchOptions,
  hostsBenchOptionsOf,
  parseConnections,
  parseDuration,
  parseHosts,
} from 'site-bench/hosts-options';
import {
  type BenchFlags,
  type BenchOptions,
  benchOptionsOf,
  parseRoutes,
  parseRuns,
} from 'site-bench/options';
import { argParser, readArgs } from './command-spec.ts';

export const withBenchOptions = (command: Command) =>
  command
    .option('--no-build', 'measure the builds already there')
    .option('--runs <N>', 'runs per route and site, 1 to 10 (default 3)', argParser(parseRuns))
    .option(
      '--routes </,/a>',
      'the routes, comma-separated (default /,/services,/portfolio,/contact)',
      argParser(parseRoutes),
    )
    .option('--phone-only', 'only the phone profile')
    .option('--lighthouse-only', 'only Lighthouse')
    .option('--verbose', "each phone run's JavaScript per file");

export const benchOptionsFrom = (command: Command): BenchOptions =>
  benchOptionsOf(command.opts<BenchFlags>());

export const withHostsOptions = (command: Command) =>
  command
    .option('--duration <s>', 'seconds per target and host, 1 to 60 (default 10)', argParser(parseDuration))
    .option('--connections <n>', 'concurrent connections, 1 to 100 (default 10)', argParser(parseConnections))
    .option('--hosts <list>', 'embedded, nginx or both (default both)', argParser(parseHosts));

export const hostsOptionsFrom = (command: Command): HostsBenchOptions => {
  const { duration, connections, hosts } = command.opts<{
    duration?: number;
    connections?: number;
    hosts?: BenchHost[];
  }>();
  return hostsBenchOptionsOf({
    ...(duration === undefined ? {} : { durationSeconds: duration }),
    ...(connections === undefined ? {} : { connections }),
    ...(hosts === undefined ? {} : { hosts }),
  });
};

/** pnpm bench's arguments read as the program reads them. */
export const parseBenchArgs = (argv: readonly string[]) =>
  readArgs(withBenchOptions(new Command('bench')), argv, (_args, command) => benchOptionsFrom(command));

/** pnpm bench:hosts's arguments read as the program reads them. */
export const parseHostsArgs = (argv: readonly string[]) =>
  readArgs(withHostsOptions(new Command('bench:hosts')), argv, (_args, command) => hostsOptionsFrom(command));
