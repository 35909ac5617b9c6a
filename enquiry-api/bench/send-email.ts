/**
 * Benchmark of POST /send-email on loopback (a command that prints figures, not a test): starts the API as
 * its own process with a fresh database and a real SMTP server, fires a bounded number of enquiries with
 * autocannon, then compares the stored rows with the 200 replies (they must be equal).
 *   pnpm --filter enquiry-api bench [--requests 5000] [--connections 50]
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  freePort,
  readInbox,
  removeDir,
  smtpEnv,
  startApi,
  startSmtpSink,
  temporaryDir,
  validEnquiry,
} from '../test/support/processes.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '50' },
  },
});
const requests = Math.min(Number(values.requests), 100_000);
const connections = Math.min(Number(values.connections), 500);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(connections) || connections < 1) {
  console.error('--requests and --connections must be positive whole numbers');
  process.exit(2);
}

const dir = temporaryDir('bench');
const smtpPort = await freePort();
const sink = await startSmtpSink(smtpPort, join(dir, 'mails.jsonl'));
const api = await startApi({ dataDir: join(dir, 'data'), env: smtpEnv(smtpPort) });

try {
  console.log(`POST ${api.url}/send-email: ${requests} enquiries over ${connections} connections…`);
  let sequence = 0;
  const result = await autocannon({
    url: `${api.url}/send-email`,
    connections,
    amount: requests,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Every enquiry differs, as real ones would.
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            body: JSON.stringify({ ...validEnquiry, message: `Benchmark enquiry ${sequence}` }),
          };
        },
      },
    ],
  });
  const ok = result.statusCodeStats?.['200']?.count ?? 0;
  const stored = readInbox(api.dataDir, (inbox) => inbox.counts().messages);
  // The outbox works beside the load; how far it got shows whether mail keeps up with the form traffic.
  const delivered = sink.mails().length;

  const rows: Array<[string, string]> = [
    ['requests per second (mean)', result.requests.average.toFixed(0)],
    ['latency p50', `${result.latency.p50} ms`],
    ['latency p99', `${result.latency.p99} ms`],
    ['latency max', `${result.latency.max} ms`],
    ['duration', `${result.duration.toFixed(1)} s`],
    ['200 replies', String(ok)],
    ['other replies / errors', `${result.non2xx} / ${result.errors}`],
    ['rows stored', String(stored)],
    ['mails delivered by then', String(delivered)],
  ];
  for (const [label, value] of rows) console.log(`  ${label.padEnd(28)} ${value}`);
  if (stored !== ok) {
    console.error(`MISMATCH: ${ok} enquiries acknowledged but ${stored} stored`);
    process.exitCode = 1;
  } else {
    console.log('  stored rows = 200 replies    yes');
  }
} finally {
  await api.stop();
  await sink.stop();
  removeDir(dir);
}
