/**
 * Builds the four apps for production, publishes them into the deploy folder, and serves the composed
 * site: the shell and each remote on its own local port, as they would be on separate static hosts, and the
 * enquiry API beside them as its own process.
 *   tsx scripts/start.ts             build, publish, serve
 *   tsx scripts/start.ts --no-build  publish the existing builds and serve
 */

import { abortInChildProcess } from './lib/canary/abort-in-child.ts';
import { healthReader } from './lib/canary/health.ts';
import { canaryWatchSettings, watchCanaries } from './lib/canary/watcher.ts';
import { describeDataDir, startEnquiryApi } from './lib/enquiry-api.ts';
import { deployDir } from './lib/paths.ts';
import { runPnpm } from './lib/run.ts';
import { publishAll, serveDeploy, siteUrl } from './lib/site.ts';

const skipBuild = process.argv.includes('--no-build');
// Read before anything starts: a bad AGENCY_CANARY_* value stops the start, naming the variable.
const canarySettings = (() => {
  try {
    return canaryWatchSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();

if (!skipBuild && !runPnpm(['build'])) {
  console.error('The production build failed; see the output above.');
  process.exit(1);
}

const deploy = deployDir();
const versions = publishAll(deploy);
// The API first: once the site answers, its forms can already post.
const api = await startEnquiryApi().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const servers = await serveDeploy(deploy).catch(async (error: Error) => {
  console.error(error.message);
  await api.stop();
  process.exit(1);
});

for (const [name, version] of Object.entries(versions)) console.log(`  ${name.padEnd(13)} ${version}`);
const mail = process.env.ENQUIRY_SMTP_HOST
  ? `mails go out through ${process.env.ENQUIRY_SMTP_HOST}`
  : `no SMTP configured: mails are written to ${describeDataDir(api.dataDir)}/outbox`;
console.log(`\nThe enquiry API is running at ${api.url} (data in ${describeDataDir(api.dataDir)}; ${mail})`);
console.log(`The site is running at ${siteUrl()}  (Ctrl+C to stop)\n`);

// Canaries are judged from the API's health counts and aborted here when clearly worse, as long as the site runs.
const canaryWatcher = watchCanaries(deploy, {
  settings: canarySettings,
  readHealth: healthReader(api.dataDir),
  delegateAbort: abortInChildProcess(
    { ...process.env, ENQUIRY_DATA_DIR: api.dataDir, AGENCY_DEPLOY_DIR: deploy },
    {
      info: console.log,
      error: console.error,
    },
  ),
});

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  canaryWatcher.stop();
  for (const server of servers) server.close();
  await api.stop();
  process.exit(code);
}
api.onUnexpectedExit((exitCode) => {
  console.error(`The enquiry API stopped unexpectedly (exit code ${exitCode}); stopping the site.`);
  void shutdown(1);
});
// Named when it comes, so a site that stopped can be told from one that crashed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.log(`${signal}: stopping the site.`);
    void shutdown(0);
  });
}
