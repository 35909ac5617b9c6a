import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { declaredExposes } from 'federation/declared-exposes';
import beforeSiteRouterFixture from 'federation/fixtures/before-site-router.manifest.json';
import goodFixture from 'federation/fixtures/good.manifest.json';
import newerSiteRouterFixture from 'federation/fixtures/newer-site-router.manifest.json';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkRemoteBuild, shellLends } from './contract-check.ts';

/** A fixture with mf-marketing's exposes as they are today, so only the shared packages differ. */
const withExposes = (manifest: object) => ({
  ...manifest,
  exposes: declaredExposes.mf_marketing.map((name) => ({
    id: `mf_marketing:${name}`,
    name,
    path: `./${name}`,
  })),
});

/** A shell manifest as the shell's build writes it: its singletons, runtime and site-router's exports. */
const shellManifest = (metaData: Record<string, unknown> = {}) => ({
  name: 'shell',
  metaData: { pluginVersion: goodFixture.metaData.pluginVersion, ...metaData },
  exposes: [],
  shared: goodFixture.shared.map(({ name, version }) => ({ name, version, singleton: true })),
});
const siteRouterExports = ['Link', 'siteRouterSurface', 'useLocation', 'useSearchParams'];

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'contract-check-test-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function write(folder: string, manifest: object): string {
  const dir = join(work, folder);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  return dir;
}

describe('shellLends', () => {
  it('reads the singletons, the runtime and the shared exports the shell’s build ships', () => {
    const file = join(
      write('shell', shellManifest({ sharedExports: { 'site-router': siteRouterExports } })),
      'mf-manifest.json',
    );
    expect(shellLends(file)).toEqual({
      provided: Object.fromEntries(goodFixture.shared.map(({ name, version }) => [name, version])),
      shipped: { 'site-router': siteRouterExports },
      runtime: goodFixture.metaData.pluginVersion,
    });
  });

  it('ships no known exports for a shell built before they were recorded, and refuses a file that is no shell', () => {
    expect(shellLends(join(write('old-shell', shellManifest()), 'mf-manifest.json')).shipped).toEqual({});
    const notShell = join(write('not-shell', { ...shellManifest(), shared: [] }), 'mf-manifest.json');
    expect(() => shellLends(notShell)).toThrow(/provides no singletons; is this the shell's build\?/);
  });
});

describe('checkRemoteBuild', () => {
  it('fails a remote that imports a site-router export the shell does not ship, naming both', () => {
    const shell = join(
      write('shell', shellManifest({ sharedExports: { 'site-router': siteRouterExports } })),
      'mf-manifest.json',
    );
    expect(checkRemoteBuild('mf_marketing', write('good', withExposes(goodFixture)), shell)).toEqual([]);
    expect(
      checkRemoteBuild('mf_marketing', write('newer', withExposes(newerSiteRouterFixture)), shell),
    ).toEqual([
      'mf_marketing imports useParams from site-router, which the shell does not ship; release a shell whose ' +
        'site-router exports it first',
    ]);
  });

  it('fails a remote built before site-router, which consumes react-router-dom from the share scope', () => {
    const shell = join(write('shell', shellManifest()), 'mf-manifest.json');
    expect(
      checkRemoteBuild('mf_marketing', write('before', withExposes(beforeSiteRouterFixture)), shell),
    ).toEqual([
      expect.stringContaining('mf_marketing does not share site-router'),
      expect.stringContaining(
        'mf_marketing shares react-router-dom as a singleton, but the shell does not provide it',
      ),
    ]);
  });
});
