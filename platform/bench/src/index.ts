/**
 * pnpm bench: builds the site for production, serves it exactly as `pnpm start` does, and runs Lighthouse 12
 * (mobile, simulated throttling) on the main routes, then does the same for the site built as one ordinary
 * bundle (no federation) and prints what federation costs. Beside Lighthouse, a phone profile drives the same
 * pages in Chromium slowed down for real (4× CPU, slow 4G) and measures paints, JavaScript before idle, after
 * settling and after scrolling, and an early tap on the menu. Prints figures; it is not a test.
 *   pnpm bench                       build both, 3 runs per route, Lighthouse and phone profile
 *   pnpm bench --no-build            measure the existing builds (dist/ and shell/dist-one-bundle/)
 *   pnpm bench --runs 5 --routes /,/contact
 *   pnpm bench --phone-only --verbose     (or --lighthouse-only); --verbose lists each phone run's JS per file
 * Ports: the site on AGENCY_PORT_BASE (+1..+3 remotes, +10 API), the one-bundle site on AGENCY_PORT_BASE + 200.
 */

import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { portBase, shell } from 'build-config/topology';
import { precompressFolder } from 'deploy-folder/precompress';
import { ensureRuntimeConfig } from 'deploy-folder/publish';
import { pagesDir, serverBuildDir } from 'deploy-model/layout';
import { ensureChromium } from 'platform-kit/chromium';
import { UsageError } from 'platform-kit/cli';
import { startEnquiryApi } from 'platform-kit/enquiry-api';
import { repoRoot } from 'platform-kit/paths';
import { runPnpm } from 'platform-kit/run';
import type { Browser } from 'playwright-core';
import { missingBuilds, publishAll } from 'releases/changes/publish-site';
import { serveDeploy, siteUrl } from 'site-hosting/serve-deploy';
import { startStaticHost } from 'site-hosting/static-host';
import { writePages } from 'site-pages/pages';
import { formatRatios, formatTable, medianFigures, summariseRuns } from './figures.ts';
import { type PageFigures, runLighthouse } from './lighthouse-run.ts';
import { type BenchOptions, parseBenchOptions, usage } from './options.ts';
import { formatJsBreakdown, formatPhoneTable, type PhoneFigures, summarisePhone } from './phone-figures.ts';
import { launchPhoneBrowser, phoneProfileLabel, runPhoneProfile } from './phone-run.ts';
import { warmUp } from './warm-up.ts';

const oneBundlePortOffset = 200;

function readOptions(argv: readonly string[]): BenchOptions {
  try {
    return parseBenchOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
}

/**
 * Runs the bench: its arguments are read by options.ts, whose refusals (and their tests) are the bench's own;
 * platform/cli's program hands them over as typed.
 */
export async function runBench(argv: readonly string[]) {
  const options = readOptions(argv);
  const { runs, routes } = options;

  const chromePath = ensureChromium() ?? process.exit(1);

  // A bench on another port base gets folders of its own: it must not delete what a running bench serves.
  const folderSuffix = portBase() === 3000 ? '' : `-${portBase()}`;
  const oneBundlePort = portBase() + oneBundlePortOffset;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    AGENCY_DEPLOY_DIR: process.env.AGENCY_DEPLOY_DIR ?? `.data/bench-deploy${folderSuffix}`,
    ENQUIRY_DATA_DIR: process.env.ENQUIRY_DATA_DIR ?? `.data/bench-enquiry-api${folderSuffix}`,
    ENQUIRY_LOG_LEVEL: 'warn',
  };
  // The one-bundle site sends the same health beacons as the federated one: the API takes both, so neither
  // page meets a refusal the other does not (and the bench's output is not strewn with the API's warnings).
  env.ENQUIRY_ALLOWED_ORIGINS ??= `${siteUrl(env)},http://localhost:${oneBundlePort}`;
  const deploy = join(repoRoot, env.AGENCY_DEPLOY_DIR as string);
  const oneBundleDeploy = join(repoRoot, `.data/bench-one-bundle${folderSuffix}`);

  if (options.build) {
    if (
      !runPnpm(['build'], env) ||
      !runPnpm(['--filter', 'shell', 'build'], { ...env, AGENCY_ONE_BUNDLE: '1' })
    ) {
      console.error('The production build failed; see the output above.');
      process.exit(1);
    }
  }

  // With --no-build, say which build is missing and how to make it, before anything is deleted or started.
  const oneBundleBuilds = ['dist-one-bundle', 'dist-one-bundle-server'].map((folder) =>
    join(shell.folder, folder),
  );
  const missing = [
    ...missingBuilds().map((file) => file.slice(repoRoot.length + 1)),
    ...oneBundleBuilds.filter((folder) => !existsSync(join(repoRoot, folder))).map((folder) => `${folder}/`),
  ];
  if (missing.length > 0) {
    console.error(
      `Nothing to measure: ${missing.join(', ')} missing. Run pnpm bench without --no-build, or build them first: pnpm build && AGENCY_ONE_BUNDLE=1 pnpm --filter shell build`,
    );
    process.exit(1);
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
  // Compressed as publishing compresses the federated shell, so both sites are served at their best compression.
  precompressFolder(join(oneBundleDeploy, shell.folder));
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
  type Site = keyof typeof sites;
  const siteNames = ['federated', 'oneBundle'] as const;
  const lighthouseResults = {
    federated: new Map<string, PageFigures[]>(),
    oneBundle: new Map<string, PageFigures[]>(),
  };
  const phoneResults = {
    federated: new Map<string, PhoneFigures[]>(),
    oneBundle: new Map<string, PhoneFigures[]>(),
  };
  const record = <T>(results: Map<string, T[]>, route: string, figures: T) =>
    results.set(route, [...(results.get(route) ?? []), figures]);

  async function measureLighthouse(run: number, route: string, site: Site) {
    const figures = await runLighthouse(`${sites[site]}${route}`, chromePath);
    record(lighthouseResults[site], route, figures);
    console.log(
      `run ${run}/${runs} ${site.padEnd(9)} ${route.padEnd(11)} perf ${figures.performance}  ` +
        `LCP ${Math.round(figures.lcpMs)} ms  TBT ${Math.round(figures.tbtMs)} ms  CLS ${figures.cls.toFixed(3)}`,
    );
  }

  async function measurePhone(browser: Browser, run: number, route: string, site: Site) {
    const figures = await runPhoneProfile(browser, `${sites[site]}${route}`);
    record(phoneResults[site], route, figures);
    const kB = (bytes: number) => (bytes / 1024).toFixed(1);
    const tapText = earlyTapText(figures.tap.afterFcpMs, figures.tap.drawerMs);
    console.log(
      `phone ${run}/${runs} ${site.padEnd(9)} ${route.padEnd(11)} FCP ${Math.round(figures.fcpMs)} ms  ` +
        `LCP ${Math.round(figures.lcpMs)} ms  paint seen at ${Math.round(figures.paintSeenAtMs)} ms  ` +
        `idle at ${Math.round(figures.idleAtMs)} ms  ` +
        `JS ${kB(figures.jsBeforeIdle)} / ${kB(figures.jsAfterIdle)} / ${kB(figures.jsAfterScroll)} kB  ${tapText}` +
        (figures.filterTap
          ? `  filter ${earlyTapText(figures.filterTap.afterFcpMs, figures.filterTap.filteredMs)}`
          : '') +
        (figures.capped.length > 0 ? `  (capped at 20 s: ${figures.capped.join(', ')})` : ''),
    );
    if (options.verbose) console.log(formatJsBreakdown(figures.jsBeforeIdleByUrl));
  }

  function printLighthouse() {
    const summaries = (site: Site) =>
      routes.map((route) => [route, summariseRuns(lighthouseResults[site].get(route) ?? [])] as const);
    const medians = (site: Site) =>
      new Map(routes.map((route) => [route, medianFigures(lighthouseResults[site].get(route) ?? [])]));
    console.log(
      `\nLighthouse 12, mobile, simulated throttling; median and worst of ${runs} run(s) per route\n`,
    );
    console.log(formatTable(`Federated (${sites.federated})`, summaries('federated')));
    console.log();
    console.log(formatTable(`One bundle (${sites.oneBundle})`, summaries('oneBundle')));
    console.log();
    console.log(formatRatios(medians('federated'), medians('oneBundle')));
  }

  function printPhone() {
    const summary = (site: Site, route: string) => {
      const figures = phoneResults[site].get(route);
      return figures?.length ? summarisePhone(figures) : undefined;
    };
    const rows = routes.map((route) => ({
      route,
      federated: summary('federated', route),
      oneBundle: summary('oneBundle', route),
    }));
    console.log();
    console.log(formatPhoneTable(`${phoneProfileLabel}, median of ${runs}`, rows));
  }

  const browser = options.phone ? await launchPhoneBrowser(chromePath) : undefined;
  try {
    const warmUpBrowser = browser ?? (await launchPhoneBrowser(chromePath));
    await warmUp(
      warmUpBrowser,
      routes.flatMap((route) => siteNames.map((site) => `${sites[site]}${route}`)),
    );
    if (!browser) await warmUpBrowser.close();
    // Interleaved (run by run, route by route, both builds), so a slower minute of the machine hits both alike.
    for (let run = 1; run <= runs; run += 1) {
      for (const route of routes) {
        for (const site of siteNames) {
          if (options.lighthouse) await measureLighthouse(run, route, site);
          if (browser) await measurePhone(browser, run, route, site);
        }
      }
    }
    if (options.lighthouse) printLighthouse();
    if (browser) printPhone();
  } finally {
    await browser?.close();
    for (const server of servers) server.close();
    await api.stop();
  }
}

/** One run's early tap (on the menu, or on a filter chip), as the run's line prints it. */
function earlyTapText(afterFcpMs: number | null, shownMs: number | null): string {
  if (afterFcpMs === null) return 'tap not seen';
  return `tap at FCP+${Math.round(afterFcpMs)} ms: ${shownMs === null ? 'lost' : `${Math.round(shownMs)} ms`}`;
}
