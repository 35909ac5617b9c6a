/**
 * pnpm bench:hosts's options as values: the command line (platform/cli/src/bench-args.ts) declares the flags on
 * commander and checks each value with the parsers here as it is read. Bounded, since it loads a machine others
 * share.
 */
import { UsageError } from 'platform-kit/cli';

export const hostsUsage =
  'usage: pnpm bench:hosts [--duration 10] [--connections 10] [--hosts embedded,nginx]   (after pnpm build)';

export const benchHosts = ['embedded', 'nginx'] as const;
export type BenchHost = (typeof benchHosts)[number];

export interface HostsBenchOptions {
  /** Seconds each target is measured, per host. */
  durationSeconds: number;
  connections: number;
  hosts: BenchHost[];
}

const wholeNumber =
  (name: string, max: number) =>
  (value: string): number => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < 1 || number > max) {
      throw new UsageError(`--${name} must be a whole number from 1 to ${max}, got "${value}"`);
    }
    return number;
  };

/** --duration: seconds per target and host, 1 to 60. */
export const parseDuration = wholeNumber('duration', 60);
/** --connections: at once, 1 to 100. */
export const parseConnections = wholeNumber('connections', 100);

/** --hosts: embedded, nginx or both, comma-separated. */
export function parseHosts(raw: string): BenchHost[] {
  const hosts = raw.split(',');
  const unknown = hosts.find((host) => !(benchHosts as readonly string[]).includes(host));
  if (unknown !== undefined)
    throw new UsageError(`--hosts takes ${benchHosts.join(', ')}; "${unknown}" is neither`);
  return [...new Set(hosts)] as BenchHost[];
}

/** The options from the flags commander read, with the defaults. */
export const hostsBenchOptionsOf = (flags: Partial<HostsBenchOptions>): HostsBenchOptions => ({
  durationSeconds: flags.durationSeconds ?? 10,
  connections: flags.connections ?? 10,
  hosts: flags.hosts ?? [...benchHosts],
});
