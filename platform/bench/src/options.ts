import { parseCommandLine, UsageError } from 'platform-kit/cli';

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

const flags = {
  runs: { type: 'string' },
  routes: { type: 'string' },
  'no-build': { type: 'boolean' },
  'phone-only': { type: 'boolean' },
  'lighthouse-only': { type: 'boolean' },
  verbose: { type: 'boolean' },
} as const;

/** pnpm bench's command line; a UsageError (exit 2) names what is wrong. */
export function parseBenchOptions(argv: readonly string[]): BenchOptions {
  const { values, positionals } = parseCommandLine(argv, flags);
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 10) {
    throw new UsageError('--runs must be a whole number from 1 to 10');
  }
  const routes = (values.routes ?? '/,/services,/portfolio,/contact').split(',');
  const badRoute = routes.find((route) => !route.startsWith('/'));
  if (badRoute !== undefined) {
    throw new UsageError(`--routes takes paths such as /,/contact; "${badRoute}" does not start with /`);
  }
  if (values['phone-only'] && values['lighthouse-only']) {
    throw new UsageError('--phone-only and --lighthouse-only exclude each other: leave both out to run both');
  }
  return {
    runs,
    routes,
    build: !values['no-build'],
    lighthouse: !values['phone-only'],
    phone: !values['lighthouse-only'],
    verbose: values.verbose ?? false,
  };
}
