import { spawnSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { releaseEvents } from 'deploy-folder/release-log';
import { readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { loadChangeSettings } from 'deploy-model/change-settings';
import type { ReleaseCommand } from 'deploy-model/release-command';
import { repoRoot } from 'platform-kit/paths';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort, makeDeploy, marketingBuild } from '../../testing/fixtures.ts';
import { type CommandContext, runReleaseCommand } from './release-command.ts';

/**
 * `pnpm release` as a person types it: the arguments, what it says and what it refuses. What each step does to
 * the map is in release-canary.test.ts; the script itself runs once at the end.
 */
let work: string;
let deploy: string;
let remove: () => void;
let output: string[];
let builds: string[];

beforeEach(() => {
  ({ work, deploy, remove } = makeDeploy());
  output = [];
  builds = [];
});
afterEach(() => remove());

/** An enquiry API that does not answer: a port nothing listens on. */
let noApi = '';
beforeAll(async () => {
  noApi = `http://127.0.0.1:${await freePort()}`;
});
const context = (): CommandContext => ({
  deploy,
  // Stand-in builds: nothing to render, so no release gates (release-gates/gates.test.ts has real builds).
  settings: loadChangeSettings({
    AGENCY_PORT_BASE: '5000',
    AGENCY_HEALTH_URL: noApi,
    AGENCY_RELEASE_GATES: 'off',
  }),
  build: (name) => builds.push(name),
  out: (text) => output.push(text),
  warn: (text) => output.push(`warn: ${text}`),
});
/**
 * Runs what `pnpm release <args>` asks for (the command line reads the arguments into the command:
 * platform/cli/src/release-args.test.ts); returns what it printed.
 */
async function release(command: ReleaseCommand): Promise<string> {
  output = [];
  await runReleaseCommand(command, context());
  return output.join('\n');
}
/** With --build-dir: a fresh build of mf-marketing. */
const withBuild = (command: ReleaseCommand) =>
  release({ ...command, buildDir: marketingBuild(work) } as ReleaseCommand);
/** pnpm release mf-marketing [--canary <percent>]. */
const marketing = (percent?: number): ReleaseCommand =>
  percent === undefined
    ? { kind: 'release', name: 'mf_marketing', force: false }
    : { kind: 'canary', name: 'mf_marketing', percent, force: false };
const versions = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map(
    ({ metadata, deployment }) => `${metadata.version} ${deployment.traffic}`,
  );
const files = (version: string) => relative(repoRoot, join(deploy, 'mf-marketing', version));

describe('pnpm release, as typed', () => {
  it('runs a canary: start, a second one refused, status, abort, promote without one, promote', async () => {
    const stable = (await withBuild(marketing())).match(
      /^Released mf-marketing (\S+) \(was not released\)/,
    )?.[1];
    const started = await withBuild(marketing(10));
    const version = started.match(/^Canary: mf-marketing (\S+)/)?.[1] as string;
    expect(started).toBe(
      `Canary: mf-marketing ${version} now serves 10% of visitors; ${stable} keeps 90%.\n` +
        `  files:        ${files(version)}/\n` +
        `  remotes.json: mf_marketing → http://localhost:5001/${version}/mf-manifest.json (canary, 10%)\n` +
        'Watch it: pnpm release status mf-marketing (the canary check aborts it by itself if it fails clearly more).\n' +
        'Then: pnpm release mf-marketing promote, or pnpm release mf-marketing abort',
    );
    expect(versions()).toEqual([`${stable} 90`, `${version} 10`]);

    // A second canary is refused before anything is built.
    await expect(release(marketing(20))).rejects.toThrow(
      `mf-marketing already has a canary, ${version} at 10%: promote it`,
    );
    expect(builds).toEqual([]);

    expect(await release({ kind: 'status', names: ['mf_marketing'] })).toContain(
      `  ${version.padEnd(20)} canary      10%  `,
    );
    // Without the API's counts the check cannot judge: it says so, and the canary stays as it is.
    await expect(release({ kind: 'watch', once: true })).rejects.toThrow(
      `The canary check judged nothing and aborted nothing: health is unavailable: the enquiry API at ${noApi}/remote-health did not answer (ECONNREFUSED).`,
    );
    expect(versions()).toEqual([`${stable} 90`, `${version} 10`]);

    expect(await release({ kind: 'abort', name: 'mf_marketing', reason: 'the header jumps' })).toBe(
      `Aborted the canary mf-marketing ${version} (was 10%); ${stable} serves everyone again.`,
    );
    expect(releaseEvents(deploy, 'mf-marketing').at(-1)).toMatchObject({
      action: 'abort',
      reason: 'the header jumps',
    });
    await expect(release({ kind: 'promote', name: 'mf_marketing' })).rejects.toThrow(
      `mf-marketing has no canary to promote (${stable} is live for everyone); nothing changed. ` +
        'Start one with: pnpm release mf-marketing --canary <percent>',
    );
    expect(await release({ kind: 'watch', once: true })).toBe('No canary is live here; nothing to check.');

    const promoted = (await withBuild(marketing(50))).match(/^Canary: mf-marketing (\S+)/)?.[1];
    expect(await release({ kind: 'promote', name: 'mf_marketing' })).toBe(
      `Promoted mf-marketing ${promoted} (was 50%) to everyone; ${stable} left the map.\n` +
        'Undo with: pnpm rollback mf-marketing',
    );
    expect(versions()).toEqual([`${promoted} 100`]);
  });

  it('says when a plain release replaces a canary, and builds unless given a build', async () => {
    const stable = (await withBuild(marketing())).match(/^Released mf-marketing (\S+)/)?.[1];
    const canary = (await withBuild(marketing(10))).match(/^Canary: mf-marketing (\S+)/)?.[1];
    const plain = await withBuild(marketing());
    const version = plain.match(/is gone: (\S+) replaces both/)?.[1] as string;
    expect(plain).toBe(
      `The canary ${canary} that ran beside ${stable} is gone: ${version} replaces both, for everyone.\n` +
        `Released mf-marketing ${version} (was ${stable}).\n` +
        `  files:        ${files(version)}/\n` +
        `  remotes.json: mf_marketing → http://localhost:5001/${version}/mf-manifest.json\n` +
        'Reload the site to see it. Undo with: pnpm rollback mf-marketing',
    );
    expect(builds).toEqual([]);
    // Without --build-dir it builds first: a failed build releases nothing.
    const failing = {
      ...context(),
      build: (name: string) => {
        builds.push(name);
        throw new Error('The build of mf-marketing failed; nothing was released.');
      },
    };
    await expect(runReleaseCommand(marketing(10), failing)).rejects.toThrow(
      'The build of mf-marketing failed',
    );
    expect(builds).toEqual(['mf_marketing']);
    expect(versions()).toEqual([`${version} 100`]);
  });
});

describe('pnpm release (platform/cli/src/main.ts release)', () => {
  const script = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'main.ts', 'release', ...args], {
      cwd: join(repoRoot, 'platform', 'cli', 'src'),
      env: { ...process.env, AGENCY_DEPLOY_DIR: deploy, AGENCY_HEALTH_URL: noApi },
      encoding: 'utf8',
    });

  it('prints the status, and refuses bad arguments with the usage line and exit code 2', () => {
    const status = script('status');
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/^mf-marketing: not released here\n/);
    expect(status.stdout).toContain('mf-portfolio\n  version              role    traffic  released\n');
    const bad = script('mf-marketing', 'promote', '--force');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe(
      'promote takes no --force.\n' +
        'Usage: pnpm release <remote-folder> [--canary <percent>] [--build-dir <dir>] [--force]  (--help explains)\n',
    );
  }, 30_000);
});
