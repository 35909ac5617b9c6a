/**
 * `pnpm release shell`: the shell's own release. The shell lends the remotes their singletons and the
 * site-router exports they import, so a new shell can break a remote that is live; every live remote version (the
 * default and a canary of each remote) is checked against the new shell's manifest before anything changes, and
 * a shell that would break one is refused, naming the remote, the version and the reason.
 */
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { remoteNames, remotes, shell } from 'build-config/topology';
import { type DeployRef, openDeploy } from 'deploy-folder/deploy';
import { copyShellBuild, shellVersion } from 'deploy-folder/publish';
import { shellSiteDescription } from 'deploy-folder/site-description';
import type { ChangeSettings } from 'deploy-model/change-settings';
import { serverBuildDir } from 'deploy-model/layout';
import { repoRoot } from 'platform-kit/paths';
import { checkRemoteBuild } from 'site-pages/contracts/contract-check';
import { type Prerender, writePages } from 'site-pages/pages';
import { writeCrawlerFiles } from 'site-pages/pages/crawler-files';
import { ReleaseError } from './release.ts';
/** A shell build: the browser build (`dist/`) and the Node build for the prerender (`dist-server/`). */
export interface ShellBuild {
  browser: string;
  server: string;
}

/** The build `pnpm --filter shell build` leaves, or one in a folder laid out the same way (a CI artifact). */
export const shellBuildIn = (folder = join(repoRoot, shell.folder)): ShellBuild => ({
  browser: join(folder, 'dist'),
  server: join(folder, 'dist-server'),
});

export interface ShellReleaseOptions {
  build?: ShellBuild;
  /** Release even if a live remote would break (its slots will show their fallback). */
  force?: boolean;
  settings: ChangeSettings;
  now?: Date;
  /** How the pages are prerendered (the real prerender by default; writePages' tests pass their own). */
  prerender?: Prerender;
}

export interface ShellReleaseOutcome {
  version: string;
  previous: string | undefined;
  /** Live remotes that break, released anyway with force (empty when every one is compatible). */
  forced: string[];
}

/** Every live remote version's problems with a shell build, each naming the remote, its version and role. */
export function liveRemoteProblems(ref: DeployRef, shellManifest: string): string[] {
  const deploy = openDeploy(ref);
  const document = deploy.remoteMap();
  return remoteNames.flatMap((name) =>
    (document.microFrontends[name] ?? []).flatMap(({ metadata: { version }, deployment }) => {
      const { folder } = remotes[name];
      const live = `${folder} ${version} (${deployment.default ? 'default' : 'canary'}, ${deployment.traffic}%)`;
      const dir = deploy.folder(folder, version);
      if (!existsSync(join(dir, 'mf-manifest.json')))
        return [`${live}: its files are not in this deploy folder, so it cannot be checked`];
      return checkRemoteBuild(name, dir, shellManifest).map((problem) => `${live}: ${problem}`);
    }),
  );
}

function requireShellBuild({ browser, server }: ShellBuild) {
  for (const file of [join(browser, 'index.html'), join(browser, 'mf-manifest.json'), server]) {
    if (!existsSync(file))
      throw new ReleaseError(
        `${file} is missing: is this a build of the shell? (pnpm --filter shell build)`,
        'no-manifest',
      );
  }
  // Its description of itself is what the host will serve (routes, pages, sitemap, contract): read it now, so a
  // malformed one is refused before anything changes.
  try {
    shellSiteDescription(browser);
  } catch (error) {
    throw new ReleaseError(
      `The shell build's ${(error as Error).message}, so nothing changed.`,
      'no-manifest',
    );
  }
}

/**
 * Checks the shell build against every live remote version, then publishes it: its files are copied over the
 * live ones with their precompressed siblings (the old hashed files stay while the pages are written again, so a
 * page served meanwhile still finds its scripts), its Node build replaces the prerender's, the pages are written again, the old shell's files go,
 * and the release log records it. The environment's remotes.json, runtime.json and crawler files stay.
 */
export function releaseShell(ref: DeployRef, options: ShellReleaseOptions): ShellReleaseOutcome {
  const deploy = openDeploy(ref);
  const build = options.build ?? shellBuildIn();
  requireShellBuild(build);
  const version = shellVersion(build.browser, build.server);
  const previous = deploy.liveShellVersion();
  if (version === previous) return { version, previous, forced: [] };
  const forced = liveRemoteProblems(deploy, join(build.browser, 'mf-manifest.json'));
  if (forced.length > 0 && !options.force) {
    throw new ReleaseError(
      `The shell ${version} would break remotes that are live here, so nothing changed:\n` +
        `${forced.map((problem) => `  - ${problem}`).join('\n')}\n` +
        'Release or roll back those remotes first, or pass --force to make the shell live anyway ' +
        '(their slots will show their fallback).',
      'incompatible',
    );
  }
  const target = deploy.folder(shell.folder);
  const retired = copyShellBuild(build.browser, target);
  const server = serverBuildDir(deploy.path);
  rmSync(server, { recursive: true, force: true });
  cpSync(build.server, server, { recursive: true });
  writePages(deploy, options.settings, undefined, options.prerender);
  // The sitemap lists the new shell's routes (its site.json): a route it adds or removes is in it at once.
  writeCrawlerFiles(deploy.path, options.settings);
  for (const file of retired) rmSync(join(target, file), { force: true });
  deploy.recordReleaseEvent(shell.folder, {
    action: 'release',
    version,
    at: (options.now ?? new Date()).toISOString(),
    by: 'manual',
    ...(previous ? { defaultVersion: previous } : {}),
  });
  return { version, previous, forced };
}
