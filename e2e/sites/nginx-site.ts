import { join } from 'node:path';
import { originOf, shell } from 'build-config/topology';
import { type DetachedSite, repoRoot } from './detached-site.ts';
import { portBaseEnv } from './port-base.ts';

/**
 * The nginx project's site: the build in dist/ published as the suite's own site is, served by Debian's nginx
 * with the generated configuration (`platform/cli/src/main.ts start --nginx`), on the suite's base + 400 (4500–4511), with its
 * own deploy folder and API data, so it runs beside the embedded host's site in the same run.
 */
export const nginxPortBase = Number(process.env.AGENCY_PORT_BASE ?? '4100') + 400;

const dataDir = join(repoRoot, '.data');

export const nginxOrigin = originOf(shell, portBaseEnv(nginxPortBase));

/** Read when the site starts: the suite's environment (playwright.config.ts) is set by then. */
export const nginxSite = (): DetachedSite => ({
  name: 'nginx site',
  // --publish: as for the suite's own site, the deploy folder outlives a run and the build in dist/ is tested.
  args: ['--no-build', '--publish', '--nginx'],
  env: {
    ...process.env,
    ...portBaseEnv(nginxPortBase),
    AGENCY_DEPLOY_DIR: join(dataDir, 'e2e-nginx-deploy'),
    ENQUIRY_DATA_DIR: join(dataDir, 'e2e-nginx-enquiry-api'),
  },
  origin: nginxOrigin,
  pidFile: join(dataDir, 'e2e-nginx-site.pid'),
  logFile: join(dataDir, 'e2e-nginx-site.log'),
});
