/**
 * Serves the composed site from the deploy folder: the shell and each remote on its own local port, as they
 * would be on separate static hosts, the enquiry API beside them as its own process, and the release service
 * (loopback only by default) through which every change to what is live goes, the canary check's included.
 * An existing deploy is served exactly as it was left (remote map, canaries, rollbacks, pages): a restart
 * changes nothing that is live. New builds are published only into an empty deploy folder, or with --publish.
 * The one file a restart may write is runtime.json while it still holds the embedded defaults, so that the
 * forms post to the enquiry API this start runs (another AGENCY_PORT_BASE); an operator's own is kept.
 *   npm start                        empty deploy: build, publish, serve; otherwise serve it as it was
 *   npm start -- --publish           build, publish for everyone (release log: start --publish), serve
 *   pnpm serve [--publish]           the same with the builds already in dist/ (start --no-build)
 *   npm start -- --nginx             the same served by Debian's nginx (installed with apt when missing), the API
 *                                    and the release service behind it
 * The command `start` of the program (program.ts) calls start() with its options read.
 */

import {
  enquiryApi,
  enquiryApiBehindProxy,
  originAt,
  portAt,
  releaseServiceBehindProxy,
} from 'build-config/topology';
import { openDeploy } from 'deploy-folder/deploy';
import { removeHostRecord, writeHostRecord } from 'deploy-folder/host-record';
import { ensureRuntimeConfig } from 'deploy-folder/publish';
import type { ReleaseEventAuthor } from 'deploy-folder/release-log';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { stagingDeployDir } from 'deploy-model/layout';
import { describeDataDir, startEnquiryApi } from 'platform-kit/enquiry-api';
import { deployDir } from 'platform-kit/paths';
import { runPnpm } from 'platform-kit/run';
import type { HostSettings, NginxSettings, ServiceAddresses } from 'platform-kit/settings/hosts';
import { healthUrlSetting, loadReleaseServiceSettings } from 'platform-kit/settings/release-service';
import { loadSiteSettings, type SiteSettings, stagingEnvironment } from 'platform-kit/settings/site';
import { loadToolSettings, pnpmThroughNpx } from 'platform-kit/settings/tools';
import { startReleaseService } from 'release-service/server';
import { loadServiceSettings } from 'release-service/service-settings';
import type { PublishedSite } from 'releases/changes/publish-site';
import { publishAll } from 'releases/changes/publish-site';
import {
  ensureNginx,
  serveDeployWithNginx,
  serveStagingWithNginx,
  upstreamSettings,
} from 'site-hosting/nginx/serve';
import { serveDeploy, siteRoots, siteUrl, stagingUrl } from 'site-hosting/serve-deploy';

export interface StartOptions {
  /** false with --no-build: publish the builds already in dist/. */
  build: boolean;
  publish?: boolean;
  nginx?: boolean;
}

type Deploy = ReturnType<typeof openDeploy>;
type EnquiryApi = Awaited<ReturnType<typeof startEnquiryApi>>;
type ReleaseService = Awaited<ReturnType<typeof startReleaseService>>;
/** The internal ports of the API and the release service when nginx is in front. */
interface BehindNginx {
  apiPort: number;
  releasePort: number;
}

/** Ends the start with the message of what stopped it. */
function exitWith(error: unknown): never {
  console.error((error as Error).message);
  process.exit(1);
}

/** What the hosts, embedded or nginx, take: the site's settings and where the release service listens. */
type StartHostSettings = HostSettings & NginxSettings & ServiceAddresses;

/**
 * Read before anything starts: a bad AGENCY_CANARY_*, AGENCY_HOST or AGENCY_TRUST_PROXY value stops the start,
 * naming the variable.
 */
function readStartSettings() {
  try {
    const siteSettings = loadSiteSettings(process.env);
    const hostSettings: StartHostSettings = {
      ...siteSettings,
      releaseService: loadReleaseServiceSettings(process.env).address,
    };
    siteRoots(deployDir(siteSettings), hostSettings);
    const changeSettings = loadChangeSettings(process.env);
    return { canarySettings: changeSettings.canary, changeSettings, siteSettings, hostSettings };
  } catch (error) {
    exitWith(error);
  }
}

/** Who a start publishes as: into an empty deploy folder, or every time with --publish; else nobody. */
const publisherOf = (deploy: Deploy, publish: boolean | undefined): ReleaseEventAuthor | undefined =>
  publish ? 'start --publish' : deploy.hasLiveState() ? undefined : 'start';

/**
 * Builds (unless --no-build) and publishes, when the deploy is empty or --publish asks; with staging, the same
 * into staging's folder when it is empty (or with --publish), in staging's environment, its audit entries in
 * production's log. Staging's runtime.json names production's enquiry API, which refuses staging's origin: a
 * form sent on staging, or its health beacons, reach nobody.
 */
function buildAndPublish(
  deploy: Deploy,
  staging: Deploy | undefined,
  options: { publish?: boolean; skipBuild: boolean },
  {
    siteSettings,
    changeSettings,
  }: Pick<ReturnType<typeof readStartSettings>, 'siteSettings' | 'changeSettings'>,
) {
  const publishAs = publisherOf(deploy, options.publish);
  const stagingAs = staging && publisherOf(staging, options.publish);
  if (
    (publishAs || stagingAs) &&
    !options.skipBuild &&
    !runPnpm(loadToolSettings(process.env), ['build'], process.env)
  ) {
    console.error('The production build failed; nothing was published; see the output above.');
    process.exit(1);
  }
  try {
    const audit = staging ? { env: 'production' as const } : {};
    const published = publishAs && publishAll(deploy, changeSettings, publishAs, audit);
    const stagingPublished =
      staging &&
      stagingAs &&
      publishAll(staging, loadChangeSettings(stagingEnvironment(process.env)), stagingAs, {
        log: deploy,
        env: 'staging',
      });
    if (staging) ensureRuntimeConfig(staging.path, siteSettings);
    return { publishAs, published: published || undefined, stagingPublished: stagingPublished || undefined };
  } catch (error) {
    exitWith(error);
  }
}

/** The API first (once the site answers, its forms can already post), then the release service beside it. */
async function startServices(
  deploy: Deploy,
  behindNginx: BehindNginx | undefined,
  siteSettings: SiteSettings,
) {
  const apiEnv = behindNginx ? { ...process.env, ENQUIRY_TRUST_PROXY: '1' } : process.env;
  const api = await startEnquiryApi(siteSettings, apiEnv, { internalPort: behindNginx?.apiPort }).catch(
    exitWith,
  );
  // The canary check runs inside the release service and reads the counts from this API over HTTP; behind
  // nginx, from its internal URL: GET /remote-health answers a direct loopback client only.
  const serviceEnv = {
    ...process.env,
    AGENCY_HEALTH_URL: healthUrlSetting(process.env) ?? api.url,
    ...(behindNginx ? { AGENCY_TRUST_PROXY: '1' } : {}),
  };
  const releases = await startReleaseService({
    deploy,
    settings: loadServiceSettings(serviceEnv),
    childEnv: serviceEnv,
    ...(behindNginx ? { host: '127.0.0.1', port: behindNginx.releasePort } : {}),
  }).catch(async (error: Error) => {
    await api.stop();
    exitWith(error);
  });
  return { api, releases, healthUrl: serviceEnv.AGENCY_HEALTH_URL };
}

/** Where nginx takes the release service's requests: where the service itself would listen. */
function publicReleaseServiceUrl({ releaseService }: StartHostSettings): string {
  const { host, port } = releaseService;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The static hosts (embedded, or nginx in front of everything); resolves to what stops them. */
async function startServing(
  deploy: Deploy,
  services: { api: EnquiryApi; releases: ReleaseService },
  behindNginx: BehindNginx | undefined,
  hostSettings: StartHostSettings,
  onNginxExit: () => void,
): Promise<() => Promise<void>> {
  if (!behindNginx) {
    const servers = await serveDeploy(deploy, hostSettings);
    return async () => {
      for (const server of servers) server.close();
    };
  }
  const nginx = await serveDeployWithNginx(deploy.path, hostSettings, {
    upstreams: upstreamSettings(
      { enquiryApi: services.api.url, releaseService: services.releases.url },
      hostSettings,
    ),
  });
  // With staging on, a second nginx of its own for staging's folder and ports (serve.ts's serveStagingWithNginx).
  const staging = hostSettings.staging
    ? await serveStagingWithNginx(deploy.path, hostSettings).catch(async (error: Error) => {
        await nginx.stop();
        throw error;
      })
    : undefined;
  let asked = false;
  for (const running of [nginx, staging])
    void running?.exited.then(() => {
      if (!asked) onNginxExit();
    });
  return async () => {
    asked = true;
    await Promise.all([nginx.stop(), staging?.stop()]);
  };
}

/** What was published, or what the deploy serves as it was left. */
function printDeploy(
  deploy: Deploy,
  shownDeploy: string,
  published: PublishedSite | undefined,
  publishAs: string | undefined,
) {
  if (published) {
    console.log(
      publishAs === 'start'
        ? `Published the builds into the empty deploy folder ${shownDeploy} (release log: start):`
        : `Published the builds in dist/ for everyone into ${shownDeploy} (release log: start --publish):`,
    );
    for (const [name, { version, previous, replacedCanary }] of Object.entries(published)) {
      const was = previous === undefined || previous === version ? '' : ` (was ${previous})`;
      const canary = replacedCanary ? `, replacing the canary ${replacedCanary}` : '';
      console.log(`  ${name.padEnd(13)} ${version}${was}${canary}`);
    }
  } else {
    const report = deploy.liveStateReport(shownDeploy);
    console.log(report.serving);
    if (report.problem) console.warn(report.problem);
    if (report.notLive) console.log(report.notLive);
  }
}

/** Staging's state and where it is served (AGENCY_STAGING=on). */
function printStaging(
  staging: Deploy,
  published: PublishedSite | undefined,
  hostSettings: StartHostSettings,
) {
  const shown = describeDataDir(staging.path);
  if (published)
    console.log(
      `Published the builds into the empty staging folder ${shown}: ${Object.entries(published)
        .map(([name, { version }]) => `${name} ${version}`)
        .join(', ')}`,
    );
  else console.log(staging.liveStateReport(shown).serving);
  console.log(
    `Staging is running at ${stagingUrl(hostSettings)} (a release lands there first; ` +
      'npx pnpm release <remote> promote-to-production makes the same build live in production)',
  );
}

/** Where everything runs, and what it reads. */
function printRunning(
  shownDeploy: string,
  { api, releases }: { api: EnquiryApi; releases: ReleaseService },
  behindNginx: BehindNginx | undefined,
  { canarySettings, siteSettings, hostSettings }: ReturnType<typeof readStartSettings>,
) {
  const mail = siteSettings.smtpHost
    ? `mails go out through ${siteSettings.smtpHost}`
    : `no SMTP configured: mails are written to ${describeDataDir(api.dataDir)}/outbox`;
  const apiUrl = behindNginx ? originAt(enquiryApi, siteSettings.portBase) : api.url;
  const releasesUrl = behindNginx ? publicReleaseServiceUrl(hostSettings) : releases.url;
  console.log(`\nThe enquiry API is running at ${apiUrl} (data in ${describeDataDir(api.dataDir)}; ${mail})`);
  const checks =
    canarySettings.intervalSeconds > 0
      ? `the canary check every ${canarySettings.intervalSeconds} s`
      : 'no canary check';
  console.log(
    `The release service is running at ${releasesUrl} (keys and audit log in ${shownDeploy}/releases; ${checks})`,
  );
  if (pnpmThroughNpx(process.env))
    console.log(
      'pnpm is not installed on this machine: run the commands the docs show as npx pnpm … (the project has its own pnpm).',
    );
  if (behindNginx)
    console.log(
      `nginx serves the site, the enquiry API and the release service (configuration: ${shownDeploy}/nginx/nginx.conf)`,
    );
  console.log(`The site is running at ${siteUrl(hostSettings)}  (Ctrl+C to stop)\n`);
}

export async function start(options: StartOptions) {
  const withNginx = options.nginx ?? false;
  if (withNginx) {
    // Before any build: a machine that cannot have nginx is told so at once, with the command to run.
    try {
      ensureNginx(process.env);
    } catch (error) {
      exitWith(error);
    }
  }
  const settings = readStartSettings();

  const deploy = openDeploy(deployDir(settings.siteSettings));
  const shownDeploy = describeDataDir(deploy.path);
  const staging = settings.siteSettings.staging ? openDeploy(stagingDeployDir(deploy.path)) : undefined;
  // Decided before anything is built: a restart of a live deploy needs no build, and must not publish one.
  const { publishAs, published, stagingPublished } = buildAndPublish(
    deploy,
    staging,
    { publish: options.publish, skipBuild: !options.build },
    settings,
  );
  // A restart under another AGENCY_PORT_BASE: the embedded runtime.json follows this start's enquiry API.
  const runtimeFollowed = ensureRuntimeConfig(deploy.path, settings.siteSettings);
  // With nginx in front, the API and the release service listen on loopback at internal ports and trust
  // exactly one proxy, nginx, which overwrites X-Forwarded-For with the address it was reached from.
  const behindNginx = withNginx
    ? {
        apiPort: portAt(enquiryApiBehindProxy, settings.siteSettings.portBase),
        releasePort: portAt(releaseServiceBehindProxy, settings.siteSettings.portBase),
      }
    : undefined;
  const services = await startServices(deploy, behindNginx, settings.siteSettings);
  const { api, releases } = services;
  const stopServing = await startServing(deploy, services, behindNginx, settings.hostSettings, () => {
    console.error(`nginx stopped unexpectedly (see ${shownDeploy}/nginx/error.log); stopping the site.`);
    void shutdown(1);
  }).catch(async (error: Error) => {
    await Promise.all([releases.stop(), api.stop()]);
    exitWith(error);
  });

  printDeploy(deploy, shownDeploy, published, publishAs);
  if (runtimeFollowed)
    console.log(
      `runtime.json held the embedded defaults for another port; the forms now post to ${originAt(enquiryApi, settings.siteSettings.portBase)}.`,
    );
  if (staging) printStaging(staging, stagingPublished, settings.hostSettings);
  printRunning(shownDeploy, services, behindNginx, settings);
  // Tools run on this host (pnpm release, status) find this site's own service from the deploy.
  writeHostRecord(deploy.path, { releaseService: releases.url, healthUrl: services.healthUrl });

  let stopping = false;
  async function shutdown(code: number) {
    if (stopping) return;
    stopping = true;
    await stopServing();
    removeHostRecord(deploy.path, releases.url);
    // A change in flight finishes first, so the deploy is never left half-changed.
    await releases.stop();
    await api.stop();
    process.exit(code);
  }
  api.onUnexpectedExit((exitCode) => {
    // A stop sent to the whole process group reaches the API too: that is the stop under way, not a crash.
    if (stopping) return;
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
}
