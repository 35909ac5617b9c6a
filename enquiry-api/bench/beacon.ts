/**
 * Benchmark of POST /beacon on loopback (figures, not a test): how many page loads' health beacons one API
 * process on SQLite takes per second. Starts the API as its own process with a fresh database and a live remote
 * map, then autocannon sends a bounded number of beacons as the shell does: one per page load, a new page-load
 * id each, views of the three remotes, from the site's origin. Every beacon must get 204, else it exits 1.
 *   pnpm --filter enquiry-api bench:beacon [--requests 20000] [--connections 50]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { freePort, removeDir, siteOrigin, startApi, temporaryDir } from '../test/support/processes.ts';
import { startRemoteMapServer } from '../test/support/remote-map-server.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '50' },
  },
});
const requests = Math.min(Number(values.requests), 200_000);
const connections = Math.min(Number(values.connections), 500);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(connections) || connections < 1) {
  console.error('--requests and --connections must be positive whole numbers');
  process.exit(2);
}

const version = '1.0.0-0e1b1c8a';
const remotes = ['mf_marketing', 'mf_portfolio', 'mf_contact'];
const dir = temporaryDir('bench-beacon');
const map = await startRemoteMapServer(Object.fromEntries(remotes.map((remote) => [remote, [version]])));
const api = await startApi({
  dataDir: join(dir, 'data'),
  port: await freePort(),
  env: { ENQUIRY_REMOTE_MAP_URL: map.url },
});

try {
  console.log(`POST ${api.url}/beacon: ${requests} page loads' beacons over ${connections} connections…`);
  let pageLoad = 0;
  const result = await autocannon({
    url: `${api.url}/beacon`,
    connections,
    amount: requests,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        // What navigator.sendBeacon sends for a string body, from the site's pages.
        headers: { 'content-type': 'text/plain;charset=UTF-8', origin: siteOrigin },
        setupRequest: (request) => {
          pageLoad += 1;
          const events = remotes.map((remote) => ({ remote, version, kind: 'view', count: 1 }));
          return { ...request, body: JSON.stringify({ events, pageLoad: `bench-page-load-${pageLoad}` }) };
        },
      },
    ],
  });
  const accepted = result.statusCodeStats?.['204']?.count ?? 0;
  const rows: Array<[string, string]> = [
    ['beacons per second (mean)', result.requests.average.toFixed(0)],
    ['latency p50', `${result.latency.p50} ms`],
    ['latency p99', `${result.latency.p99} ms`],
    ['latency max', `${result.latency.max} ms`],
    ['duration', `${result.duration.toFixed(1)} s`],
    ['204 replies', String(accepted)],
    ['other replies / errors', `${result.non2xx} / ${result.errors}`],
  ];
  for (const [label, value] of rows) console.log(`  ${label.padEnd(28)} ${value}`);
  if (accepted !== requests) {
    console.error(`Only ${accepted} of ${requests} beacons were accepted`);
    process.exitCode = 1;
  }
} finally {
  await api.stop();
  await map.stop();
  removeDir(dir);
}
