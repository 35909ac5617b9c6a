import { describe, expect, it } from 'vitest';
import beforeSiteRouter from '../fixtures/before-site-router.manifest.json';
import good from '../fixtures/good.manifest.json';
import incompatibleReact from '../fixtures/incompatible-react.manifest.json';
import missingExpose from '../fixtures/missing-expose.manifest.json';
import newerSiteRouter from '../fixtures/newer-site-router.manifest.json';
import { checkRemoteManifest, type RemoteExpectations } from './compatibility.ts';

/** What the shell of this workspace provides (the versions of the catalog). */
const provided = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'site-router': '1.0.0',
  '@emotion/react': '11.14.0',
  '@emotion/styled': '11.14.1',
};

/** The exposes the fixture manifests were built with; the check's logic is tested against these, not the live contract. */
const marketingExposes = ['Hero', 'ServicesPage', 'AboutPage', 'PrivacyPolicyPage', 'TermsPage'];

/** The exports of site-router the shell ships (metaData.sharedExports of its manifest). */
const shipped = { 'site-router': ['Link', 'siteRouterSurface', 'useLocation', 'useSearchParams'] };

const marketing: RemoteExpectations = {
  remote: 'mf_marketing',
  imports: marketingExposes,
  declared: marketingExposes,
  provided,
  shipped,
  runtime: '2.9.2',
};

const withShared = (name: string, change: Record<string, unknown>) => ({
  ...good,
  shared: good.shared.map((entry) => (entry.name === name ? { ...entry, ...change } : entry)),
});

describe('checkRemoteManifest', () => {
  it('accepts a manifest that exposes everything the shell imports and shares compatible singletons', () => {
    expect(checkRemoteManifest(good, marketing)).toEqual([]);
  });

  it('names an expose the shell imports that the remote dropped or renamed', () => {
    expect(checkRemoteManifest(missingExpose, marketing)).toEqual([
      expect.stringMatching(/^mf_marketing no longer exposes "Hero", which the shell imports/),
    ]);
  });

  it('names a react range the shell’s react does not satisfy', () => {
    expect(checkRemoteManifest(incompatibleReact, marketing)).toEqual([
      'mf_marketing requires react ^18.3.1, but the shell provides 19.3.1; build the remote against the shell’s version',
    ]);
  });

  it('accepts any range the shell’s version satisfies, and a remote that requires no version', () => {
    expect(
      checkRemoteManifest(withShared('site-router', { requiredVersion: '>=1.0.0 <2' }), marketing),
    ).toEqual([]);
    expect(checkRemoteManifest(withShared('react', { requiredVersion: false }), marketing)).toEqual([]);
  });

  it('refuses a singleton shared as a normal module or not shared at all (a second copy)', () => {
    expect(checkRemoteManifest(withShared('@emotion/react', { singleton: false }), marketing)).toEqual([
      expect.stringContaining('shares @emotion/react but not as a singleton'),
    ]);
    const withoutRouter = {
      ...good,
      shared: good.shared.filter((entry) => entry.name !== 'site-router'),
    };
    expect(checkRemoteManifest(withoutRouter, marketing)).toEqual([
      expect.stringContaining('does not share site-router'),
    ]);
  });

  it('names a shared export the remote imports that the shell does not ship', () => {
    // Built against a site-router with useParams (a newer workspace than the shell's), same package version.
    expect(checkRemoteManifest(newerSiteRouter, marketing)).toEqual([
      'mf_marketing imports useParams from site-router, which the shell does not ship; release a shell whose ' +
        'site-router exports it first',
    ]);
    const newerShell = { 'site-router': [...shipped['site-router'], 'useParams'] };
    expect(checkRemoteManifest(newerSiteRouter, { ...marketing, shipped: newerShell })).toEqual([]);
  });

  it('checks no shared export when either side recorded none (built before they were recorded)', () => {
    expect(checkRemoteManifest(newerSiteRouter, { ...marketing, shipped: {} })).toEqual([]);
    const { shipped: _unknown, ...withoutShipped } = marketing;
    expect(checkRemoteManifest(newerSiteRouter, withoutShipped)).toEqual([]);
    const { sharedImports: _none, ...metaData } = good.metaData;
    expect(checkRemoteManifest({ ...good, metaData }, marketing)).toEqual([]);
  });

  it('refuses a remote that imports a whole narrowed package, or records its imports wrongly', () => {
    const namespace = { ...good, metaData: { ...good.metaData, sharedImports: { 'site-router': ['*'] } } };
    expect(checkRemoteManifest(namespace, marketing)).toEqual([
      expect.stringMatching(/^mf_marketing imports all of site-router \(a namespace import\)/),
    ]);
    const invalid = { ...good, metaData: { ...good.metaData, sharedImports: { 'site-router': 'Link' } } };
    expect(checkRemoteManifest(invalid, marketing)).toEqual([
      expect.stringContaining('has an invalid "metaData.sharedImports"'),
    ]);
  });

  it('refuses a remote built before site-router: it consumes react-router-dom, which the shell no longer lends', () => {
    expect(checkRemoteManifest(beforeSiteRouter, marketing)).toEqual([
      "mf_marketing does not share site-router: it would run its own copy beside the shell's 1.0.0; share it " +
        'as a singleton',
      'mf_marketing shares react-router-dom as a singleton, but the shell does not provide it: the remote would ' +
        'run its own copy, apart from the shell’s; rebuild the remote against the shell’s shared packages',
    ]);
  });

  it('names a declared expose the build does not have, apart from the ones the shell imports', () => {
    const problems = checkRemoteManifest(good, {
      ...marketing,
      declared: [...marketingExposes, 'Pricing'],
    });
    expect(problems).toEqual([
      'mf_marketing declares "Pricing" in src/exposes.ts, but its build does not expose it',
    ]);
  });

  it('accepts a remote built for the runtime the shell lends, or an older one of the same major version', () => {
    expect(checkRemoteManifest(good, { ...marketing, runtime: '2.12.0' })).toEqual([]);
  });

  it('refuses a remote built with a newer Module Federation than the shell’s runtime, or with none named', () => {
    expect(checkRemoteManifest(good, { ...marketing, runtime: '2.8.4' })).toEqual([
      'mf_marketing was built with Module Federation 2.9.2, but the shell lends its runtime 2.8.4; build the ' +
        "remote with the shell's version, or release a newer shell first",
    ]);
    expect(checkRemoteManifest(good, { ...marketing, runtime: '3.0.0' })).toHaveLength(1);
    const unnamed = { ...good, metaData: { ...good.metaData, pluginVersion: undefined } };
    expect(checkRemoteManifest(unnamed, marketing)).toEqual([
      'mf_marketing: the manifest does not say which Module Federation version built it',
    ]);
  });

  it('refuses another remote’s manifest and a file that is no manifest', () => {
    expect(checkRemoteManifest(good, { ...marketing, remote: 'mf_portfolio' })).toEqual([
      expect.stringContaining('belongs to "mf_marketing", not mf_portfolio'),
    ]);
    expect(checkRemoteManifest([], marketing)).toEqual([expect.stringContaining('is not a JSON object')]);
    expect(checkRemoteManifest({ name: 'mf_marketing', shared: [] }, marketing)).toEqual([
      expect.stringContaining('has no valid "exposes" list'),
    ]);
  });
});
