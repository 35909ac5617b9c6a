/**
 * `pnpm release status` on a host with a staging environment: below production's status, what each app runs on
 * staging beside what production runs, and which of staging's versions production does not run yet.
 */
import { existsSync } from 'node:fs';
import { originAt, type RemoteName, remotes, shell } from 'build-config/topology';
import { defaultEntry } from 'deploy-model/canary/map';
import { stagingDeployDir } from 'deploy-model/layout';
import { type SiteSettings, stagingAddresses } from 'platform-kit/settings/site';
import { liveShellVersion } from './live-state.ts';
import { readRemoteMapDocument, remoteMapFile } from './remote-map-file.ts';

const column = (text: string | undefined) => (text ?? 'none').padEnd(22);

/** Each app's live version in a deploy folder, by its folder name: the shell's, and each remote's default. */
function liveVersions(deploy: string, names: readonly RemoteName[]): Map<string, string | undefined> {
  const document = existsSync(remoteMapFile(deploy)) ? readRemoteMapDocument(deploy) : undefined;
  return new Map([
    [shell.folder, liveShellVersion(deploy)],
    ...names.map((name): [string, string | undefined] => [
      remotes[name].folder,
      document && defaultEntry(document, name)?.metadata.version,
    ]),
  ]);
}

/** Staging's section of the status for the remotes asked for (and the shell, when every remote is). */
export function describeStaging(
  deploy: string,
  names: readonly RemoteName[],
  site: Pick<SiteSettings, 'portBase'>,
): string {
  const staging = liveVersions(stagingDeployDir(deploy), names);
  const production = liveVersions(deploy, names);
  const apps = [...staging.keys()].filter((app) => app !== shell.folder || names.length > 1);
  const lines = apps.map((app) => {
    const [onStaging, inProduction] = [staging.get(app), production.get(app)];
    const note =
      onStaging === undefined
        ? ''
        : onStaging === inProduction
          ? 'the same build'
          : `not in production yet: npx pnpm release ${app} promote-to-production`;
    return `  ${app.padEnd(14)} ${column(onStaging)} ${column(inProduction)} ${note}`.trimEnd();
  });
  return [
    `staging (${originAt(shell, stagingAddresses(site).portBase)}): where a release lands first; a promotion makes the same build production's`,
    `  ${'app'.padEnd(14)} ${column('staging')} ${column('production')}`.trimEnd(),
    ...lines,
  ].join('\n');
}
