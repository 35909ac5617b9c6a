import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDeploy } from 'deploy-folder/deploy';
import { readRemoteMap } from 'deploy-folder/remote-map-file';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeSettings, makeDeploy } from '../../testing/fixtures.ts';
import { abortCanary, startCanary } from '../canary/release-canary.ts';
import { releaseBuild, rollbackRemote } from './release.ts';

let fixture: ReturnType<typeof makeDeploy>;

/** A stand-in marketing build whose version follows its label. */
function build(label: string): string {
  const dir = join(fixture.work, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ name: 'mf_marketing', metaData: { buildInfo: { buildVersion: '1.0.0' } }, label }),
  );
  return dir;
}

beforeEach(() => {
  fixture = makeDeploy();
});
afterEach(() => fixture.remove());

// Each operation reads the map once for everything it asks (the live version, the canary beside it, the pages'
// versions), and once more inside its one transaction, where the file is read under the lock.
describe('one operation on a Deploy', () => {
  it('a release reads the remote map twice: once to look, once inside its change', () => {
    const deploy = openDeploy(fixture.deploy);
    const { version } = releaseBuild(deploy, 'mf_marketing', {
      buildDir: build('v1'),
      settings: changeSettings,
      force: true,
    });
    expect(deploy.mapReads).toBe(2);
    expect(readRemoteMap(fixture.deploy).mf_marketing).toContain(version);
  });

  it('a rollback reads it twice too', () => {
    releaseBuild(fixture.deploy, 'mf_marketing', {
      buildDir: build('v1'),
      settings: changeSettings,
      force: true,
    });
    const second = releaseBuild(fixture.deploy, 'mf_marketing', {
      buildDir: build('v2'),
      settings: changeSettings,
      force: true,
    });
    const deploy = openDeploy(fixture.deploy);
    const outcome = rollbackRemote(deploy, 'mf_marketing', {
      settings: changeSettings,
      force: true,
    });
    expect(outcome.previous).toBe(second.version);
    expect(deploy.mapReads).toBe(2);
  });

  it('a canary and its abort, each with its own Deploy, read it twice each', () => {
    releaseBuild(fixture.deploy, 'mf_marketing', {
      buildDir: build('v1'),
      settings: changeSettings,
      force: true,
    });
    const starting = openDeploy(fixture.deploy);
    startCanary(starting, 'mf_marketing', {
      buildDir: build('v2'),
      settings: changeSettings,
      force: true,
      percent: 10,
    });
    expect(starting.mapReads).toBe(2);
    const aborting = openDeploy(fixture.deploy);
    abortCanary(aborting, 'mf_marketing', { settings: changeSettings });
    expect(aborting.mapReads).toBe(2);
  });
});
