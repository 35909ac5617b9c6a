/**
 * pnpm bench's options as values: the command line (platform/cli/src/bench-args.ts) declares the flags on
 * commander, checks each value with the parsers here as it is read, and hands runBench a BenchOptions.
 */
import { UsageError } from 'platform-kit/cli';

export const usage =
  'usage: pnpm bench [--no-build] [--runs N] [--routes /,/contact] [--phone-only | --lighthouse-only] [--verbose]';

export interface BenchOptions {
  runs: number;
  routes: string[];
  build: boolean;
  lighthouse: boolean;
  phone: boolean;
  /** Print each phone run's JavaScript per file. */
  verbose: boolean;
}

/** --runs: runs per route and site, 1 to 10. */
export function parseRuns(raw: string): number {
  const runs = Number(raw);
  if (!Number.isInteger(runs) || runs < 1 || runs > 10) {
    throw new UsageError('--runs must be a whole number from 1 to 10');
  }
  return runs;
}

/** --routes: paths, comma-separated. */
export function parseRoutes(raw: string): string[] {
  const routes = raw.split(',');
  const badRoute = routes.find((route) => !route.startsWith('/'));
  if (badRoute !== undefined) {
    throw new UsageError(`--routes takes paths such as /,/contact; "${badRoute}" does not start with /`);
  }
  return routes;
}

/** The flags as commander read them (each value already parsed), with the bench's defaults. */
export interface BenchFlags {
  build: boolean;
  runs?: number;
  routes?: string[];
  phoneOnly?: boolean;
  lighthouseOnly?: boolean;
  verbose?: boolean;
}

/** The bench's options from its flags; a UsageError (exit 2) names what is wrong. */
export function benchOptionsOf(flags: BenchFlags): BenchOptions {
  if (flags.phoneOnly && flags.lighthouseOnly) {
    throw new UsageError('--phone-only and --lighthouse-only exclude each other: leave both out to run both');
  }
  return {
    runs: flags.runs ?? 3,
    routes: flags.routes ?? parseRoutes('/,/services,/portfolio,/contact'),
    build: flags.build,
    lighthouse: !flags.phoneOnly,
    phone: !flags.lighthouseOnly,
    verbose: flags.verbose ?? false,
  };
}
