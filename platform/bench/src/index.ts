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
import { shell } from 'build-config/topology';
import { precompressFolder } from 'deploy-folder/precompress';
import { ensureRuntimeConfig } from 'deploy-folder/publish';
import { pagesDir, serverBuildDir } from 'deploy-model/layout';
import { ensureChromium } from 'platform-kit/chromium';
import { startEnquiryApi } from 'platform-kit/enquiry-api';
import { repoRoot } from 'platform-kit/paths';
import { runPnpm } from 'platform-kit/run';
import { missingBuilds, publishAll } from 'releases/changes/publish-site';
import { serveDeploy, siteUrl } from 'site-hosting/serve-deploy';
import { startStaticHost } from 'site-hosting/static-host';
import { writePages } from 'site-pages/pages';
import { measureSites } from './measure.ts';
import type { BenchOptions } from './options.ts';
import type { BenchSettings } from './settings.ts';

/** Both builds, or the process ends saying the build failed. */
function buildBoth({ tools, childEnv }: BenchSettings) {
  if (
    !runPnpm(tools, ['build'], childEnv) ||
    !runPnpm(tools, ['--filter', 'shell', 'build'], { ...childEnv, AGENCY_ONE_BUNDLE: '1' })
  ) {
    console.error('The production build failed; see the output above.');
    process.exit(1);
  }
}

/** With --no-build, say which build is missing and how to make it, before anything is deleted or started. */
function requireBuilds() {
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
}

/** Both sites published into their own deploy folders, afresh. */
function publishBoth({ site, change, deploy, oneBundleDeploy }: BenchSettings) {
  // The federated site, published and served as `pnpm start` does, in its own deploy folder.
  rmSync(deploy, { recursive: true, force: true });
  publishAll(deploy, change);
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
  ensureRuntimeConfig(oneBundleDeploy, site);
  writePages(oneBundleDeploy, site);
}

/** The federated site as npm start serves it, and the one bundle on its own port. */
async function serveBoth({
  hosts,
  deploy,
  oneBundleDeploy,
  oneBundlePort,
}: BenchSettings): Promise<Server[]> {
  return [
    ...(await serveDeploy(deploy, hosts)),
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
}

/**
 * Runs the bench with its options read (platform/cli/src/bench-args.ts) and its settings parsed by the entry
 * (settings.ts's loadBenchSettings, from the environment the program was started with).
 */
export async function runBench(options: BenchOptions, settings: BenchSettings) {
  const chromePath = ensureChromium(settings.tools, settings.childEnv) ?? process.exit(1);
  if (options.build) buildBoth(settings);
  requireBuilds();
  publishBoth(settings);
  const api = await startEnquiryApi(settings.site, settings.childEnv);
  const servers = await serveBoth(settings);
  try {
    await measureSites(
      options,
      { federated: siteUrl(settings.hosts), oneBundle: `http://localhost:${settings.oneBundlePort}` },
      chromePath,
    );
  } finally {
    for (const server of servers) server.close();
    await api.stop();
  }
}
