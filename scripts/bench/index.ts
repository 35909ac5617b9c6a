/**
 * pnpm bench: builds the site for production, serves it exactly as `pnpm start` does, and runs Lighthouse 12
 * (mobile, simulated throttling) on the main routes, then does the same for the site built as one ordinary
 * bundle (no federation) and prints what federation costs. Prints figures; it is not a test.
 *   pnpm bench                       build both, 3 runs per route
 *   pnpm bench --no-build            measure the existing builds (dist/ and shell/dist-one-bundle/)
 *   pnpm bench --runs 5 --routes /,/contact
 * Ports: the site on AGENCY_PORT_BASE (+1..+3 remotes, +10 API), the one-bundle site on AGENCY_PORT_BASE + 200.
 */

import { cpSync, mkdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { portBase, shell } from 'shared-content/topology';
import { ensureChromium } from '../lib/chromium.ts';
import { startEnquiryApi } from '../lib/enquiry-api.ts';
import { pagesDir, writePages } from '../lib/pages.ts';
import { repoRoot } from '../lib/paths.ts';
import { serverBuildDir } from '../lib/prerender/prerender.ts';
import { ensureRuntimeConfig } from '../lib/publish.ts';
import { runPnpm } from '../lib/run.ts';
import { publishAll, serveDeploy, siteUrl } from '../lib/site.ts';
import { startStaticHost } from '../lib/static-host.ts';
import { formatRatios, formatTable, medianFigures } from './figures.ts';
import { type PageFigures, runLighthouse } from './lighthouse-run.ts';

const oneBundlePortOffset = 200;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

const runs = Number(option('--runs') ?? 3);
const routes = (option('--routes') ?? '/,/services,/portfolio,/contact').split(',');
if (!Number.isInteger(runs) || runs < 1 || runs > 10) {
  console.error('--runs must be a whole number from 1 to 10');
  process.exit(2);
}
const badRoute = routes.find((route) => !route.startsWith('/'));
if (badRoute !== undefined) {
  console.error(`--routes takes paths such as /,/contact; "${badRoute}" does not start with /`);
  process.exit(2);
}

const chromePath = ensureChromium();
if (!chromePath) process.exit(1);

const env: NodeJS.ProcessEnv = {
  ...process.env,
  AGENCY_DEPLOY_DIR: process.env.AGENCY_DEPLOY_DIR ?? '.data/bench-deploy',
  ENQUIRY_DATA_DIR: process.env.ENQUIRY_DATA_DIR ?? '.data/bench-enquiry-api',
  ENQUIRY_LOG_LEVEL: 'warn',
};
const deploy = join(repoRoot, env.AGENCY_DEPLOY_DIR as string);
const oneBundleDeploy = join(repoRoot, '.data/bench-one-bundle');
const oneBundlePort = portBase(env) + oneBundlePortOffset;

if (!process.argv.includes('--no-build')) {
  if (
    !runPnpm(['build'], env) ||
    !runPnpm(['--filter', 'shell', 'build'], { ...env, AGENCY_ONE_BUNDLE: '1' })
  ) {
    console.error('The production build failed; see the output above.');
    process.exit(1);
  }
}

// The federated site, published and served as `pnpm start` does, in its own deploy folder.
rmSync(deploy, { recursive: true, force: true });
publishAll(deploy, env);
// The one-bundle site: the same shell folder layout and per-route pages, prerendered (its remote map is empty,
// so no remote preloads), served by the same static host.
rmSync(oneBundleDeploy, { recursive: true, force: true });
mkdirSync(oneBundleDeploy, { recursive: true });
cpSync(join(repoRoot, shell.folder, 'dist-one-bundle'), join(oneBundleDeploy, shell.folder), {
  recursive: true,
});
// Its Node build, so its pages are prerendered too: the comparison is then of federation alone.
cpSync(join(repoRoot, shell.folder, 'dist-one-bundle-server'), serverBuildDir(oneBundleDeploy), {
  recursive: true,
});
ensureRuntimeConfig(oneBundleDeploy, env);
writePages(oneBundleDeploy, env);

const api = await startEnquiryApi(env);
const servers: Server[] = [
  ...(await serveDeploy(deploy, env)),
  ...(await startStaticHost([
    {
      port: oneBundlePort,
      dir: join(oneBundleDeploy, shell.folder),
      spa: true,
      cors: false,
      pagesDir: pagesDir(oneBundleDeploy),
    },
  ])),
];

const sites = { federated: siteUrl(env), oneBundle: `http://localhost:${oneBundlePort}` } as const;
const results = { federated: new Map<string, PageFigures[]>(), oneBundle: new Map<string, PageFigures[]>() };

try {
  // Interleaved (run by run, route by route, both builds), so a slower minute of the machine hits both alike.
  for (let run = 1; run <= runs; run += 1) {
    for (const route of routes) {
      for (const site of ['federated', 'oneBundle'] as const) {
        const figures = await runLighthouse(`${sites[site]}${route}`, chromePath);
        results[site].set(route, [...(results[site].get(route) ?? []), figures]);
        console.log(
          `run ${run}/${runs} ${site.padEnd(9)} ${route.padEnd(11)} perf ${figures.performance}  ` +
            `LCP ${Math.round(figures.lcpMs)} ms  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}`,
        );
      }
    }
  }
  const medians = (site: 'federated' | 'oneBundle') =>
    new Map(routes.map((route) => [route, medianFigures(results[site].get(route) ?? [])]));
  const federated = medians('federated');
  const oneBundle = medians('oneBundle');
  console.log(`\nLighthouse 12, mobile, simulated throttling; median of ${runs} run(s) per route\n`);
  console.log(formatTable(`Federated (${sites.federated})`, [...federated]));
  console.log();
  console.log(formatTable(`One bundle (${sites.oneBundle})`, [...oneBundle]));
  console.log();
  console.log(formatRatios(federated, oneBundle));
} finally {
  for (const server of servers) server.close();
  await api.stop();
}
