/**
 * pnpm bench:hosts: the same deploy served by the embedded host and by nginx, each loaded on loopback with
 * autocannon: requests per second and p99 latency for a page (with a bucket cookie), a real content-hashed
 * chunk of about 20 kB (brotli) and remotes.json. Figures only, not a test; bounded (--duration seconds per
 * target and host, --connections at once) because the machine may be shared. Publishes the builds in dist/
 * (pnpm build first) into a deploy folder of its own; the hosts take turns on the same ports
 * (AGENCY_PORT_BASE), so each is measured alone.
 *   pnpm bench:hosts [--duration 10] [--connections 10] [--hosts embedded,nginx]
 */

import { rmSync } from 'node:fs';
import autocannon from 'autocannon';
import { originAt, remoteNames, remotes, shell } from 'build-config/topology';
import type { HostSettings } from 'platform-kit/settings/hosts';
import { publishAll } from 'releases/changes/publish-site';
import { ensureNginx } from 'site-hosting/nginx/serve';
import type { BenchHost, HostsBenchOptions } from './hosts-options.ts';
import { startBenchHost } from './hosts-servers.ts';
import { formatHostsTable, type HostFigures } from './hosts-table.ts';
import { nearestInSize, servedScripts } from './hosts-targets.ts';
import type { HostsBenchSettings } from './settings.ts';

// Any valid identifier: the page is chosen by it (a variant during a canary), as for a returning visitor.
const bucketCookie = 'agency-bucket=0123456789abcdef0123456789abcdef';
const chunkBytes = 20 * 1024;

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

function targets(deploy: string, { portBase }: Pick<HostSettings, 'portBase'>): Target[] {
  const folders = [shell.folder, ...remoteNames.map((name) => remotes[name].folder)];
  const chunk = nearestInSize(servedScripts(deploy, folders), chunkBytes);
  if (!chunk) throw new Error(`No content-hashed script in ${deploy}: was it published?`);
  const name = remoteNames.find((remote) => remotes[remote].folder === chunk.root);
  const chunkOrigin = originAt(name ? remotes[name] : shell, portBase);
  return [
    {
      name: '/services (page, bucket cookie)',
      url: `${originAt(shell, portBase)}/services`,
      headers: { cookie: bucketCookie, 'accept-encoding': 'br, gzip' },
    },
    {
      name: `${(chunk.bytes / 1024).toFixed(1)} kB chunk (br)`,
      url: `${chunkOrigin}${chunk.urlPath}`,
      headers: { 'accept-encoding': 'br' },
    },
    {
      name: '/remotes.json',
      url: `${originAt(shell, portBase)}/remotes.json`,
      headers: { 'accept-encoding': 'br, gzip' },
    },
  ];
}

async function measure(
  host: BenchHost,
  target: Target,
  seconds: number,
  connections: number,
): Promise<HostFigures> {
  // One request first: whatever a host prepares on a file's first request is not what is measured.
  await (await fetch(target.url, { headers: target.headers })).arrayBuffer();
  const result = await autocannon({
    url: target.url,
    headers: target.headers,
    duration: seconds,
    connections,
  });
  const figures = {
    host,
    target: target.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
  console.log(
    `${host.padEnd(8)} ${target.name.padEnd(32)} ${Math.round(figures.requestsPerSecond)} req/s  p50 ${figures.p50Ms} ms  p99 ${figures.p99Ms} ms` +
      (figures.non2xx + figures.errors ? `  ${figures.non2xx} non-2xx, ${figures.errors} errors` : ''),
  );
  return figures;
}

/**
 * pnpm bench:hosts with its options read (platform/cli/src/bench-args.ts) and its settings parsed by the entry
 * (settings.ts's loadHostsBenchSettings: the bench's own deploy folder, and the hosts' settings).
 */
export async function runHostsBench(options: HostsBenchOptions, settings: HostsBenchSettings) {
  const { deploy, childEnv } = settings;
  rmSync(deploy, { recursive: true, force: true });
  publishAll(deploy, settings.change);
  const list = targets(deploy, settings.hosts);
  const figures: HostFigures[] = [];
  for (const host of options.hosts) {
    // Installed with apt where the process may (as npm start --nginx does), else a message with the command.
    if (host === 'nginx') ensureNginx(childEnv);
    const running = await startBenchHost(host, deploy, settings);
    try {
      for (const target of list)
        figures.push(await measure(host, target, options.durationSeconds, options.connections));
    } finally {
      await running.stop();
    }
  }
  console.log(
    `\n${options.connections} connections, ${options.durationSeconds} s per target and host, loopback; autocannon 9\n`,
  );
  console.log(formatHostsTable(figures));
}
