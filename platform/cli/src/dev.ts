/**
 * pnpm dev [<app>]  |  pnpm dev <remote> --against <site url>
 * The dev servers: every app with the enquiry API, the shell composing the remotes' dev servers; or one app
 * alone (`pnpm dev mf-portfolio`: its standalone page; `pnpm dev enquiry-api`: the API). On ports and a data folder of their own, so that a dev
 * session, `npm start` and the e2e suite can run side by side and never share either:
 *   pnpm dev    AGENCY_PORT_BASE 3100: shell 3100, remotes 3101–3103, API 3110; data in .data/dev-enquiry-api
 *   npm start   3000: site 3000, remotes 3001–3003, API 3010, release service 3011; data in .data/enquiry-api
 *   e2e         4100 and its own bases above it; data in .data/e2e-*
 * AGENCY_PORT_BASE and ENQUIRY_DATA_DIR still choose others.
 */

import { shell } from 'build-config/topology';
import { resolveRemote, UsageError } from 'platform-kit/cli';
import { runPnpm } from 'platform-kit/run';
import { loadReleaseClientSettings } from 'platform-kit/settings/release-client';
import { portBaseSetting } from 'platform-kit/settings/site';
import { loadToolSettings } from 'platform-kit/settings/tools';
import { devAgainst, siteUrlOf } from 'release-client/dev-against';
import { devApps as apps, devDataDir, devPortBase } from './helps.ts';
import { localServiceIn } from './local-service.ts';

export async function dev(args: readonly string[], values: { against?: string }) {
  if (args.length > 1) throw new UsageError(`pnpm dev takes one app at most, got: ${args.join(' ')}.`);
  const [app] = args;
  if (app !== undefined && !(apps as readonly string[]).includes(app))
    throw new UsageError(`Unknown app "${app}". Choose one of: ${apps.join(', ')}.`);
  const env = {
    ...process.env,
    AGENCY_PORT_BASE: process.env.AGENCY_PORT_BASE || devPortBase,
    ENQUIRY_DATA_DIR: process.env.ENQUIRY_DATA_DIR || devDataDir,
  };
  if (values.against !== undefined) {
    // The site's release service is found with this shell's own settings, not the dev servers' ports.
    const dev = { portBase: portBaseSetting(env), pnpm: loadToolSettings(env).pnpm, childEnv: env };
    const running = await devAgainst(
      resolveRemote(app),
      siteUrlOf(values.against),
      dev,
      loadReleaseClientSettings(process.env),
      { local: localServiceIn(process.env) },
    );
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, running.stop);
    return;
  }
  const filters = app
    ? ['--filter', app]
    : ['--parallel', '--filter', shell.folder, '--filter', './mf-*', '--filter', 'enquiry-api'];
  if (!runPnpm(loadToolSettings(env), [...filters, 'dev'], env)) process.exit(1);
}
