import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { releaseVersion } from 'deploy-folder/publish';
import { publishedVersions, releaseEvents } from 'deploy-folder/release-log';
import { readRemoteMap, readRemoteMapDocument } from 'deploy-folder/remote-map-file';
import { canaryPercent } from 'deploy-model/release-command';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  changeSettings,
  makeDeploy,
  marketingBuild,
  otherEntries,
  sealedMapOf,
} from '../../testing/fixtures.ts';
import { ReleaseError, releaseBuild, rollbackRemote } from '../changes/release.ts';
import { abortCanary, checkCanaryCanStart, promoteCanary, startCanary } from './release-canary.ts';

let work: string;
let deploy: string;
let remove: () => void;
const build = () => marketingBuild(work);
const url = (version: string) => `http://localhost:5001/${version}/mf-manifest.json`;
/** mf_marketing's versions as [version, traffic, default] */
const marketing = () =>
  readRemoteMapDocument(deploy).microFrontends.mf_marketing?.map((entry) => [
    entry.metadata.version,
    entry.deployment.traffic,
    entry.deployment.default,
  ]);
const at = (time: string) => new Date(`2025-03-01T${time}:00.000Z`);

let stable: string;
beforeEach(() => {
  ({ work, deploy, remove } = makeDeploy());
  stable = releaseBuild(deploy, 'mf_marketing', {
    buildDir: build(),
    settings: changeSettings,
  }).version;
});
afterEach(() => remove());

describe('a canary', () => {
  it('publishes the build and serves it to its share beside the default version, which keeps the rest', () => {
    const dir = build();
    const outcome = startCanary(deploy, 'mf_marketing', {
      buildDir: dir,
      percent: 10,
      settings: changeSettings,
      now: at('10:00'),
    });
    expect(outcome).toEqual({
      version: releaseVersion(dir),
      defaultVersion: stable,
      percent: 10,
      manifestUrl: url(outcome.version),
      forced: [],
    });
    expect(marketing()).toEqual([
      [stable, 90, true],
      [outcome.version, 10, false],
    ]);
    const canary = readRemoteMapDocument(deploy).microFrontends.mf_marketing?.[1];
    expect(canary?.extras).toEqual({ releasedAt: '2025-03-01T10:00:00.000Z' });
    expect(canary?.metadata.integrity).toMatch(/^sha384-/);
    // The default version is what everyone else loads; the other remotes are as they were.
    expect(readRemoteMap(deploy)).toEqual({ mf_marketing: url(stable), ...otherEntries });
    expect(publishedVersions(deploy, 'mf-marketing').map(({ version }) => version)).toEqual([
      stable,
      outcome.version,
    ]);
  });

  it('is promoted: the canary serves everyone and the old default leaves the map, keeping its start time', () => {
    const { version } = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 25,
      settings: changeSettings,
      now: at('10:00'),
    });
    expect(promoteCanary(deploy, 'mf_marketing', { settings: changeSettings, now: at('11:00') })).toEqual({
      version,
      defaultVersion: stable,
      percent: 25,
    });
    expect(marketing()).toEqual([[version, 100, true]]);
    expect(readRemoteMapDocument(deploy).microFrontends.mf_marketing?.[0]?.extras).toEqual({
      releasedAt: '2025-03-01T10:00:00.000Z',
    });
    // The old default is still published: a rollback goes back to it.
    expect(rollbackRemote(deploy, 'mf_marketing', { settings: changeSettings }).version).toBe(stable);
  });

  it('is aborted: the canary leaves the map and the default version serves everyone again', () => {
    const { version } = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 5,
      settings: changeSettings,
    });
    expect(
      abortCanary(deploy, 'mf_marketing', { settings: changeSettings, reason: 'the header jumps' }),
    ).toEqual({
      version,
      defaultVersion: stable,
      percent: 5,
    });
    expect(marketing()).toEqual([[stable, 100, true]]);
  });

  it('is refused for the version that is already the default, changing nothing', () => {
    const same = build();
    const first = releaseBuild(deploy, 'mf_marketing', {
      buildDir: same,
      settings: changeSettings,
    }).version;
    const before = readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8');
    expect(() =>
      startCanary(deploy, 'mf_marketing', { buildDir: same, percent: 10, settings: changeSettings }),
    ).toThrow(
      new ReleaseError(
        `mf-marketing ${first} is already the default version; a canary needs a changed build.`,
      ),
    );
    expect(readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8')).toBe(before);
  });

  it('is refused while another canary of the remote is live, saying to promote or abort it first', () => {
    const { version } = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 10,
      settings: changeSettings,
    });
    const message =
      `mf-marketing already has a canary, ${version} at 10%: promote it ` +
      '(pnpm release mf-marketing promote) or abort it (pnpm release mf-marketing abort) first.';
    expect(() => checkCanaryCanStart(deploy, 'mf_marketing')).toThrow(message);
    const next = build();
    expect(() =>
      startCanary(deploy, 'mf_marketing', { buildDir: next, percent: 20, settings: changeSettings }),
    ).toThrow(message);
    // Refused before publishing: the refused build is no version here.
    expect(publishedVersions(deploy, 'mf-marketing')).toHaveLength(2);
    // Another remote's canary is not this one's business.
    expect(() => checkCanaryCanStart(deploy, 'mf_portfolio')).not.toThrow();
  });

  it('is refused for a remote with nothing live to run beside', () => {
    writeFileSync(join(deploy, 'shell', 'remotes.json'), sealedMapOf(otherEntries));
    expect(() =>
      startCanary(deploy, 'mf_marketing', {
        buildDir: build(),
        percent: 10,
        settings: changeSettings,
      }),
    ).toThrow(
      'mf-marketing has no live version here for a canary to run beside; release it first: pnpm release mf-marketing',
    );
  });

  it('is refused when incompatible with the shell, unless forced', () => {
    const dir = build();
    const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8'));
    manifest.exposes = manifest.exposes.filter(({ name }: { name: string }) => name !== 'Hero');
    writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
    expect(() =>
      startCanary(deploy, 'mf_marketing', { buildDir: dir, percent: 10, settings: changeSettings }),
    ).toThrow(/mf-marketing is incompatible with the shell, so nothing changed/);
    expect(marketing()).toEqual([[stable, 100, true]]);
    const forced = startCanary(deploy, 'mf_marketing', {
      buildDir: dir,
      percent: 10,
      settings: changeSettings,
      force: true,
    });
    expect(forced.forced).toEqual([expect.stringContaining('Hero')]);
  });

  it('takes a whole percent from 1 to 99', () => {
    expect(canaryPercent('10')).toBe(10);
    expect(canaryPercent(' 99 ')).toBe(99);
    for (const bad of ['0', '100', '12.5', 'ten', '', '-3', undefined]) {
      expect(() => canaryPercent(bad)).toThrow(/--canary takes the percent of visitors.*1 to 99/);
    }
  });

  it('says clearly that there is no canary to promote or abort, changing nothing', () => {
    const before = readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8');
    expect(() => promoteCanary(deploy, 'mf_marketing', { settings: changeSettings })).toThrow(
      `mf-marketing has no canary to promote (${stable} is live for everyone); nothing changed. ` +
        'Start one with: pnpm release mf-marketing --canary <percent>',
    );
    expect(() => abortCanary(deploy, 'mf_marketing', { settings: changeSettings })).toThrow(
      /^mf-marketing has no canary to abort/,
    );
    expect(() => abortCanary(deploy, 'mf_portfolio', { settings: changeSettings })).toThrow(
      /mf-portfolio has no canary to abort \(1\.0\.0-aaaaaaaa is live for everyone\)/,
    );
    expect(readFileSync(join(deploy, 'shell', 'remotes.json'), 'utf8')).toBe(before);
    expect(releaseEvents(deploy, 'mf-marketing')).toEqual([]);
  });

  it('is left alone by an abort of another version (one judged before it was replaced)', () => {
    const { version } = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 10,
      settings: changeSettings,
    });
    expect(
      abortCanary(deploy, 'mf_marketing', {
        version: 'some-other-version',
        by: 'automatic',
        settings: changeSettings,
      }),
    ).toBe(undefined);
    expect(marketing()).toEqual([
      [stable, 90, true],
      [version, 10, false],
    ]);
  });

  it('is replaced, with the default, by a plain release, which says so', () => {
    const { version: canary } = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 10,
      settings: changeSettings,
    });
    const outcome = releaseBuild(deploy, 'mf_marketing', {
      buildDir: build(),
      settings: changeSettings,
    });
    expect(outcome).toMatchObject({ previous: stable, replacedCanary: canary });
    expect(marketing()).toEqual([[outcome.version, 100, true]]);
    // A plain release without a canary says nothing about one.
    expect(
      releaseBuild(deploy, 'mf_marketing', { buildDir: build(), settings: changeSettings }),
    ).not.toHaveProperty('replacedCanary');
  });
});

describe('the release log', () => {
  it('records each canary, promote and abort with its time, version, default version and reason', () => {
    const first = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 10,
      settings: changeSettings,
      now: at('10:00'),
    });
    abortCanary(deploy, 'mf_marketing', {
      settings: changeSettings,
      now: at('10:30'),
      reason: 'the header jumps',
    });
    const second = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 20,
      settings: changeSettings,
      now: at('11:00'),
    });
    abortCanary(deploy, 'mf_marketing', {
      settings: changeSettings,
      now: at('11:10'),
      by: 'automatic',
      version: second.version,
      reason: 'failure rate 40.0% …',
    });
    const third = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 30,
      settings: changeSettings,
      now: at('12:00'),
    });
    promoteCanary(deploy, 'mf_marketing', { settings: changeSettings, now: at('13:00') });
    const fourth = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 40,
      settings: changeSettings,
      now: at('14:00'),
    });
    const plain = releaseBuild(deploy, 'mf_marketing', {
      buildDir: build(),
      settings: changeSettings,
    });

    const events = releaseEvents(deploy, 'mf-marketing');
    expect(events.slice(0, -1)).toEqual([
      {
        action: 'canary',
        version: first.version,
        at: '2025-03-01T10:00:00.000Z',
        by: 'manual',
        defaultVersion: stable,
        traffic: 10,
      },
      {
        action: 'abort',
        version: first.version,
        at: '2025-03-01T10:30:00.000Z',
        by: 'manual',
        defaultVersion: stable,
        traffic: 10,
        reason: 'the header jumps',
      },
      {
        action: 'canary',
        version: second.version,
        at: '2025-03-01T11:00:00.000Z',
        by: 'manual',
        defaultVersion: stable,
        traffic: 20,
      },
      {
        action: 'abort',
        version: second.version,
        at: '2025-03-01T11:10:00.000Z',
        by: 'automatic',
        defaultVersion: stable,
        traffic: 20,
        reason: 'failure rate 40.0% …',
      },
      {
        action: 'canary',
        version: third.version,
        at: '2025-03-01T12:00:00.000Z',
        by: 'manual',
        defaultVersion: stable,
        traffic: 30,
      },
      {
        action: 'promote',
        version: third.version,
        at: '2025-03-01T13:00:00.000Z',
        by: 'manual',
        defaultVersion: stable,
        traffic: 30,
      },
      {
        action: 'canary',
        version: fourth.version,
        at: '2025-03-01T14:00:00.000Z',
        by: 'manual',
        defaultVersion: third.version,
        traffic: 40,
      },
    ]);
    expect(events.at(-1)).toMatchObject({
      action: 'abort',
      version: fourth.version,
      by: 'manual',
      reason: `replaced by ${plain.version} for everyone`,
    });
  });

  it('reads a log written before events, and keeps events when a version is published', () => {
    const file = join(deploy, 'releases', 'mf-marketing.json');
    const old = JSON.parse(readFileSync(file, 'utf8'));
    expect(Object.keys(old)).toEqual(['versions']);
    expect(releaseEvents(deploy, 'mf-marketing')).toEqual([]);

    const { version } = startCanary(deploy, 'mf_marketing', {
      buildDir: build(),
      percent: 10,
      settings: changeSettings,
    });
    releaseBuild(deploy, 'mf_marketing', { buildDir: build(), settings: changeSettings });
    const log = JSON.parse(readFileSync(file, 'utf8'));
    expect(log.versions).toHaveLength(3);
    expect(log.events.map(({ action }: { action: string }) => action)).toEqual(['canary', 'abort']);
    expect(log.events[0].version).toBe(version);
  });
});
