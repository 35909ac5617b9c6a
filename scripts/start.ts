/**
 * Builds the four apps for production, publishes them into the deploy folder, and serves the composed
 * site: the shell and each remote on its own local port, as they would be on separate static hosts.
 *   tsx scripts/start.ts             build, publish, serve
 *   tsx scripts/start.ts --no-build  publish the existing builds and serve
 */
import { deployDir } from './lib/paths.ts';
import { runPnpm } from './lib/run.ts';
import { publishAll, serveDeploy, siteUrl } from './lib/site.ts';

const skipBuild = process.argv.includes('--no-build');

if (!skipBuild && !runPnpm(['build'])) {
  console.error('The production build failed; see the output above.');
  process.exit(1);
}

const deploy = deployDir();
const versions = publishAll(deploy);
const servers = await serveDeploy(deploy);

for (const [name, version] of Object.entries(versions)) console.log(`  ${name.padEnd(13)} ${version}`);
console.log(`\nThe site is running at ${siteUrl()}  (Ctrl+C to stop)\n`);

function shutdown() {
  for (const server of servers) server.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
