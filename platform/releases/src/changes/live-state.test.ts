import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildFolders, hasLiveState, liveStateReport } from 'deploy-folder/live-state';
import { releaseVersion, shellVersion } from 'deploy-folder/publish';
import { recordPublished } from 'deploy-folder/release-log';
import { remoteMapSchema } from 'federation/remote-map';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeDeploy, marketingBuild } from '../../testing/fixtures.ts';

const integrity = `sha384-${'A'.repeat(64)}`;
const entry = (port: number, version: string, traffic: number) => ({
  url: `http://localhost:${port}/${version}/mf-manifest.json`,
  metadata: { version, integrity },
  deployment: { traffic, default: traffic >= 50 },
});

let fixture: ReturnType<typeof makeDeploy>;
let builds: BuildFolders;

/** A deploy folder with a shell and a map: mf-marketing with a canary, mf-portfolio alone, no mf-contact. */
function writeMap(marketing: string, canary: string) {
  const document = {
    schema: remoteMapSchema,
    microFrontends: {
      mf_marketing: [entry(5001, marketing, 90), entry(5001, canary, 10)],
      mf_portfolio: [entry(5002, '1.0.0-aaaaaaaa', 100)],
    },
  };
  writeFileSync(join(fixture.deploy, 'shell', 'remotes.json'), JSON.stringify(document));
}

beforeEach(() => {
  fixture = makeDeploy();
  // The repository's dist/ folders, as the tests want them: a shell build and one remote build.
  const dist = join(fixture.work, 'dist');
  const shellDist = join(dist, 'shell');
  mkdirSync(shellDist, { recursive: true });
  cpSync(join(fixture.deploy, 'shell', 'mf-manifest.json'), join(shellDist, 'mf-manifest.json'));
  writeFileSync(join(shellDist, 'index.html'), '<!doctype html><title>shell</title>');
  const shellServer = join(dist, 'shell-server');
  mkdirSync(shellServer);
  writeFileSync(join(shellServer, 'index.js'), 'module.exports = {};');
  const marketing = marketingBuild(fixture.work, 'marketing-dist');
  builds = {
    dist: (folder) => (folder === 'mf-marketing' ? marketing : join(dist, folder)),
    shellServer,
  };
  // The deployed shell is that build, beside the environment's own files.
  cpSync(shellDist, join(fixture.deploy, 'shell'), { recursive: true });
  cpSync(shellServer, join(fixture.deploy, 'shell-server'), { recursive: true });
  writeFileSync(join(fixture.deploy, 'shell', 'runtime.json'), '{}');
  writeFileSync(join(fixture.deploy, 'shell', 'sitemap.xml'), '<urlset/>');
});
afterEach(() => fixture.remove());

describe('hasLiveState', () => {
  it('is false for a folder without a remote map and a published shell, true with either', () => {
    const empty = join(fixture.work, 'empty');
    expect(hasLiveState(empty)).toBe(false);
    mkdirSync(join(empty, 'releases', 'mf-portfolio'), { recursive: true });
    mkdirSync(join(empty, 'mf-portfolio', '1.0.0-aaaaaaaa'), { recursive: true });
    expect(hasLiveState(empty)).toBe(false);
    mkdirSync(join(empty, 'shell'));
    writeFileSync(join(empty, 'shell', 'index.html'), '');
    expect(hasLiveState(empty)).toBe(true);
    expect(hasLiveState(fixture.deploy)).toBe(true);
  });
});

describe('liveStateReport', () => {
  it('names every live version, the canary with its share, and what is not released', () => {
    const live = releaseVersion(builds.dist('mf-marketing'));
    writeMap(live, '1.0.0-cccccccc');
    const shell = shellVersion(join(fixture.deploy, 'shell'), join(fixture.deploy, 'shell-server'));
    expect(liveStateReport(fixture.deploy, 'deploy', builds)).toEqual({
      serving:
        `Serving the live deploy as it was: deploy: shell ${shell}, mf-marketing ${live} (90%) with the canary ` +
        '1.0.0-cccccccc (10%), mf-portfolio 1.0.0-aaaaaaaa, mf-contact not released (new builds are not ' +
        'published; use --publish)',
    });
  });

  it('names the builds in dist/ that are not live, and one that was published here before', () => {
    writeMap('1.0.0-bbbbbbbb', '1.0.0-cccccccc');
    const built = releaseVersion(builds.dist('mf-marketing'));
    expect(liveStateReport(fixture.deploy, 'deploy', builds).notLive).toBe(
      `dist/ holds builds that are not live: mf-marketing ${built} (live: 1.0.0-bbbbbbbb + 1.0.0-cccccccc). ` +
        '--publish makes all of them live for everyone; pnpm release <remote> releases one.',
    );

    // Rolled back from: the build was published here, and is no longer live.
    mkdirSync(join(fixture.deploy, 'mf-marketing', built), { recursive: true });
    writeFileSync(join(fixture.deploy, 'mf-marketing', built, 'mf-manifest.json'), '{}');
    recordPublished(fixture.deploy, 'mf-marketing', built);
    writeFileSync(join(builds.shellServer, 'index.js'), 'module.exports = { changed: true };');
    const builtShell = shellVersion(builds.dist('shell'), builds.shellServer);
    const liveShell = shellVersion(join(fixture.deploy, 'shell'), join(fixture.deploy, 'shell-server'));
    expect(liveStateReport(fixture.deploy, 'deploy', builds).notLive).toBe(
      `dist/ holds builds that are not live: shell ${builtShell} (live: ${liveShell}), mf-marketing ${built} ` +
        '(live: 1.0.0-bbbbbbbb + 1.0.0-cccccccc; it was published here before). ' +
        '--publish makes all of them live for everyone; pnpm release <remote> releases one.',
    );
  });

  it('still says what is served when the map is broken, and why it could not be read', () => {
    const file = join(fixture.deploy, 'shell', 'remotes.json');
    writeFileSync(file, '{ not json');
    const report = liveStateReport(fixture.deploy, 'deploy', builds);
    expect(report.serving).toBe(
      'Serving the live deploy as it was: deploy (new builds are not published; use --publish)',
    );
    expect(report.problem).toMatch(
      /remotes\.json is not valid JSON .*; visitors' browsers keep the last map/,
    );
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
  });
});
