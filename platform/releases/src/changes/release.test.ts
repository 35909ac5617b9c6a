import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { integrityOf } from 'deploy-folder/integrity';
import { releaseVersion } from 'deploy-folder/publish';
import { readRemoteMap, setRemoteEntry, withFileLock } from 'deploy-folder/remote-map-file';
import { declaredExposes } from 'federation/declared-exposes';
import goodFixture from 'federation/fixtures/good.manifest.json';
import incompatibleFixture from 'federation/fixtures/incompatible-react.manifest.json';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeSettings, makeDeploy, otherEntries } from '../../testing/fixtures.ts';
import { describeVersions, listVersions, ReleaseError, releaseBuild, rollbackRemote } from './release.ts';

/**
 * The fixtures' shared singletons with mf-marketing's exposes as they are today, so these tests follow the
 * contract as it grows; only the property under test differs between them.
 */
const withExposes = <M extends object>(manifest: M, names: readonly string[]) => ({
  ...manifest,
  exposes: names.map((name) => ({ id: `mf_marketing:${name}`, name, path: `./${name}` })),
});
const good = withExposes(goodFixture, declaredExposes.mf_marketing);
const incompatibleReact = withExposes(incompatibleFixture, declaredExposes.mf_marketing);
const missingExpose = withExposes(
  goodFixture,
  declaredExposes.mf_marketing.filter((name) => name !== 'Hero'),
);

let work: string;
let deploy: string;

/** A remote build folder: its manifest plus one asset, as rsbuild leaves it. */
function buildWith(label: string, manifest: object): string {
  const dir = join(work, label);
  mkdirSync(join(dir, 'static'), { recursive: true });
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'static', `${label}.js`), `console.log(${JSON.stringify(label)});`);
  return dir;
}

/** A marketing build that differs from the good one (another hashed remote entry), as a changed release. */
const changed = () => ({
  ...good,
  metaData: {
    ...good.metaData,
    remoteEntry: { ...good.metaData.remoteEntry, name: 'static/js/mf_marketing.0123456789.js' },
  },
});

// The deployed shell a release is checked against (the singletons of this workspace) and the other remotes.
beforeEach(() => {
  ({ work, deploy } = makeDeploy());
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('releaseBuild', () => {
  it('publishes into its own versioned folder and changes only that remote’s entry', () => {
    const build = buildWith('v1', good);
    const outcome = releaseBuild(deploy, 'mf_marketing', {
      buildDir: build,
      settings: changeSettings,
    });
    expect(outcome.version).toBe(releaseVersion(build));
    expect(outcome.version).toMatch(/^1\.0\.0-[0-9a-f]{8}$/);
    expect(readdirSync(join(deploy, 'mf-marketing', outcome.version, 'static'))).toEqual(['v1.js']);
    expect(readRemoteMap(deploy)).toEqual({
      mf_marketing: `http://localhost:5001/${outcome.version}/mf-manifest.json`,
      ...otherEntries,
    });
    expect(readdirSync(join(deploy, 'shell')).sort()).toEqual(['mf-manifest.json', 'remotes.json']);
  });

  it('refuses an incompatible build, changing nothing, unless forced', () => {
    const before = readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8');
    for (const manifest of [incompatibleReact, missingExpose]) {
      expect(() =>
        releaseBuild(deploy, 'mf_marketing', {
          buildDir: buildWith('bad', manifest),
          settings: changeSettings,
        }),
      ).toThrow(ReleaseError);
    }
    expect(() =>
      releaseBuild(deploy, 'mf_marketing', {
        buildDir: buildWith('bad', incompatibleReact),
        settings: changeSettings,
      }),
    ).toThrow(
      /mf-marketing is incompatible with the shell, so nothing changed:\n {2}- mf_marketing requires react \^18\.3\.1/,
    );
    expect(readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8')).toBe(before);
    expect(existsSync(join(deploy, 'mf-marketing'))).toBe(false);

    const forced = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('bad', incompatibleReact),
      settings: changeSettings,
      force: true,
    });
    expect(forced.forced).toHaveLength(1);
    expect(readRemoteMap(deploy).mf_marketing).toContain(forced.version);
  });

  it('refuses a build folder without a manifest, or another remote’s build', () => {
    mkdirSync(join(work, 'empty'));
    expect(() =>
      releaseBuild(deploy, 'mf_marketing', {
        buildDir: join(work, 'empty'),
        settings: changeSettings,
      }),
    ).toThrow(/has no mf-manifest\.json/);
    expect(() =>
      releaseBuild(deploy, 'mf_portfolio', {
        buildDir: buildWith('v1', good),
        settings: changeSettings,
      }),
    ).toThrow(/belongs to "mf_marketing", not mf_portfolio/);
  });
});

describe('rollbackRemote', () => {
  it('goes back to the version published before the live one, then the one before that', () => {
    const first = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('v1', good),
      settings: changeSettings,
    }).version;
    const second = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('v2', changed()),
      settings: changeSettings,
    }).version;
    expect(second).not.toBe(first);
    expect(rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings })).toMatchObject({
      version: first,
      previous: second,
    });
    expect(readRemoteMap(deploy)).toEqual({
      mf_marketing: `http://localhost:5001/${first}/mf-manifest.json`,
      ...otherEntries,
    });
    expect(() => rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings })).toThrow(
      new RegExp(`mf-marketing ${first} is the oldest published version; nothing earlier\\.`),
    );
    // Releasing the same build again keeps its place in the order; a named version can be made live.
    releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('v1', good),
      settings: changeSettings,
    });
    expect(
      rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings, version: second }).version,
    ).toBe(second);
    expect(listVersions(deploy, 'mf_marketing').versions.map(({ version }) => version)).toEqual([
      first,
      second,
    ]);
  });

  it('names the published versions when asked for one that does not exist', () => {
    const first = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('v1', good),
      settings: changeSettings,
    }).version;
    expect(() =>
      rollbackRemote(deploy, 'mf_marketing', {
        settings: changeSettings,
        version: '9.9.9-deadbeef',
      }),
    ).toThrow(
      new RegExp(
        `no published version "9\\.9\\.9-deadbeef"\\.\\nPublished versions of mf-marketing \\(oldest first\\):\\n {2}${first} .*← live`,
      ),
    );
    expect(() =>
      rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings, version: first }),
    ).toThrow(/is already live/);
    expect(() => rollbackRemote(deploy, 'mf_portfolio', { settings: changeSettings })).toThrow(
      'mf-portfolio has no published versions here; release it first: pnpm release mf-portfolio',
    );
  });

  it('checks the version it goes back to against the current shell', () => {
    const bad = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('bad', incompatibleReact),
      settings: changeSettings,
      force: true,
    });
    releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('v1', good),
      settings: changeSettings,
    });
    expect(() => rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings })).toThrow(
      /requires react \^18\.3\.1/,
    );
    expect(rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings, force: true }).version).toBe(
      bad.version,
    );
  });

  it('lists versions oldest first with their publish time and the live one marked', () => {
    const first = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('v1', good),
      settings: changeSettings,
    }).version;
    const text = describeVersions(listVersions(deploy, 'mf_marketing'));
    expect(text).toMatch(new RegExp(`^ {2}${first} +\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z {2}← live$`));
  });
});

describe('sealed releases', () => {
  it('records the live manifest’s SHA-384 in the remote map beside its URL', () => {
    const { version } = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('good', good),
      settings: changeSettings,
    });
    const map = JSON.parse(readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8'));
    const manifest = readFileSync(join(deploy, 'mf-marketing', version, 'mf-manifest.json'));
    // The map is a frontend-discovery document now: the SHA-384 is the version's metadata.integrity.
    expect(map.microFrontends.mf_marketing).toEqual([
      {
        url: `http://localhost:5001/${version}/mf-manifest.json`,
        metadata: { version, integrity: integrityOf(manifest) },
        deployment: { traffic: 100, default: true },
        extras: { releasedAt: expect.any(String) },
      },
    ]);
    expect(map.microFrontends.mf_portfolio[0].url).toBe(otherEntries.mf_portfolio);
  });

  it('copies an altered version afresh when its build is released again', () => {
    const build = buildWith('good', good);
    const { version } = releaseBuild(deploy, 'mf_marketing', {
      buildDir: build,
      settings: changeSettings,
    });
    const chunk = join(deploy, 'mf-marketing', version, 'static', 'good.js');
    writeFileSync(chunk, 'stealCookies();');
    releaseBuild(deploy, 'mf_marketing', { buildDir: build, settings: changeSettings });
    expect(readFileSync(chunk, 'utf8')).toBe('console.log("good");');
  });

  it('refuses to roll back to a version whose files were altered since its release, naming them', () => {
    const { version: first } = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('good', good),
      settings: changeSettings,
    });
    releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('changed', changed()),
      settings: changeSettings,
    });
    writeFileSync(join(deploy, 'mf-marketing', first, 'static', 'good.js'), 'stealCookies();');
    expect(() => rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings })).toThrow(
      `mf-marketing ${first} differs from what its release recorded (static/good.js); release its build again instead`,
    );
  });
});

describe('the remote map file', () => {
  it('is written whole: no temporary or lock file is left behind', () => {
    const { version } = releaseBuild(deploy, 'mf_marketing', {
      buildDir: buildWith('v1', good),
      settings: changeSettings,
    });
    setRemoteEntry(deploy, 'mf_marketing', `http://localhost:5001/${version}/mf-manifest.json`);
    expect(readdirSync(join(deploy, 'shell')).sort()).toEqual(['mf-manifest.json', 'remotes.json']);
  });

  it('is not changed while another release holds its lock', () => {
    const file = join(deploy, 'shell', 'remotes.json');
    writeFileSync(`${file}.lock`, '');
    expect(() => withFileLock(file, () => 'changed')).toThrow(/is locked by another release/);
  });

  it('refuses to overwrite a broken map, naming the problem', () => {
    writeFileSync(join(deploy, 'shell', 'remotes.json'), '{ "mf_marketing": ');
    expect(() => setRemoteEntry(deploy, 'mf_marketing', 'http://x/1/mf-manifest.json')).toThrow(
      /is not valid JSON/,
    );
  });
});
