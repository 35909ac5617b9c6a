import { parseCommandLine, UsageError } from 'platform-kit/cli';

export const hostsUsage =
  'usage: pnpm bench:hosts [--duration 10] [--connections 10] [--hosts embedded,nginx]   (after pnpm build)';

export const benchHosts = ['embedded', 'nginx'] as const;
export type BenchHost = (typeof benchHosts)[number];

export interface HostsBenchOptions {
  /** Seconds each target is measured, per host. */
  durationSeconds: number;
  connections: number;
  hosts: BenchHost[];
  help: boolean;
}

const flags = {
  duration: { type: 'string' },
  connections: { type: 'string' },
  hosts: { type: 'string' },
  help: { type: 'boolean' },
} as const;

function wholeNumber(value: string | undefined, fallback: number, name: string, max: number): number {
  const number = Number(value ?? fallback);
  if (!Number.isInteger(number) || number < 1 || number > max) {
    throw new UsageError(`--${name} must be a whole number from 1 to ${max}, got "${value}"`);
  }
  return number;
}

/** pnpm bench:hosts's command line: bounded, since it loads a machine others share. */
export function parseHostsBenchOptions(argv: readonly string[]): HostsBenchOptions {
  const { values, positionals } = parseCommandLine(argv, flags);
  if (positionals.length > 0) throw new UsageError(`Unexpected argument "${positionals[0]}".`);
  const hosts = (values.hosts ?? benchHosts.join(',')).split(',');
  const unknown = hosts.find((host) => !(benchHosts as readonly string[]).includes(host));
  if (unknown !== undefined)
    throw new UsageError(`--hosts takes ${benchHosts.join(', ')}; "${unknown}" is neither`);
  return {
    durationSeconds: wholeNumber(values.duration, 10, 'duration', 60),
    connections: wholeNumber(values.connections, 10, 'connections', 100),
    hosts: [...new Set(hosts)] as BenchHost[],
    help: values.help ?? false,
  };
}
