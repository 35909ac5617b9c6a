/**
 * The release service on its own, for a host where the site's static hosts run elsewhere or under a service
 * manager (systemd): `pnpm release-service` (`tsx platform/cli/src/main.ts release-service`). `npm start` starts the same service beside the site.
 * Stops on SIGTERM or SIGINT once the changes in flight have finished.
 *   AGENCY_DEPLOY_DIR, AGENCY_RELEASE_HOST (default 127.0.0.1), AGENCY_RELEASE_PORT (default AGENCY_PORT_BASE + 11)
 */

import { openDeploy } from 'deploy-folder/deploy';
import { removeHostRecord, writeHostRecord } from 'deploy-folder/host-record';
import { deployDir } from 'platform-kit/paths';
import { sandboxSummary } from 'platform-kit/sandbox';
import {
  healthUrlSetting,
  loadReleaseServiceSettings,
  type ReleaseServiceSettings,
} from 'platform-kit/settings/release-service';
import { startReleaseService } from 'release-service/server';
import { loadServiceSettings } from 'release-service/service-settings';

export async function releaseService() {
  let service: Awaited<ReturnType<typeof startReleaseService>>;
  let settings: ReleaseServiceSettings;
  try {
    // Every setting read and checked before the service starts: a bad one exits 1, naming the variable.
    settings = loadReleaseServiceSettings(process.env);
    service = await startReleaseService({
      deploy: openDeploy(deployDir(settings)),
      settings: loadServiceSettings(process.env),
      childEnv: process.env,
    });
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  console.log(`The release service is running at ${service.url}`);
  const deploy = deployDir(settings);
  // Tools run on this host (pnpm release, status) find this service from the deploy.
  writeHostRecord(deploy, { releaseService: service.url, healthUrl: healthUrlSetting(process.env) });
  console.log(sandboxSummary());

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`${signal}: stopping the release service once the changes under way are done.`);
      removeHostRecord(deploy, service.url);
      void service.stop().then(() => process.exit(0));
    });
  }
}
