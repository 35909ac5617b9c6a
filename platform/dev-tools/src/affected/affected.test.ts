import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitBlobId } from 'build-config/module-list';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { type Affected, affectedBy } from './affected.ts';
import { type AppBuild, readBuilds } from './builds.ts';
import { appFolders, readWorkspace, type Workspace } from './workspace.ts';

/** This repository's graph as its package.json files have it, frozen here so the cases read on their own. */
const workspace: Workspace = {
  packages: Object.entries({
    shell: [
      'build-config',
      'federation',
      'mf-contact',
      'mf-marketing',
      'mf-portfolio',
      'shared-content',
      'site-router',
    ],
    'mf-marketing': ['build-config', 'shared-content', 'site-router'],
    'mf-portfolio': ['build-config', 'shared-content', 'site-router'],
    'mf-contact': ['build-config', 'shared-content', 'site-router'],
    'enquiry-api': ['build-config', 'shared-content'],
    'shared-content': ['site-router'],
    'build-config': ['shared-content'],
    federation: ['build-config', 'mf-contact', 'mf-marketing', 'mf-portfolio', 'shared-content'],
    'site-router': [],
    e2e: ['build-config', 'federation', 'shared-content', 'site-hosting'],
    'site-hosting': ['build-config', 'federation', 'shared-content', 'shell'],
  }).map(([name, dependsOn]) => ({
    name,
    folder: name === 'site-hosting' ? 'platform/hosting' : name,
    dependsOn,
  })),
  apps: ['shell', 'mf-marketing', 'mf-portfolio', 'mf-contact', 'enquiry-api'],
  suite: 'e2e',
};

const everyApp = workspace.apps;

/** What a pipeline branches on. */
function outcome(affected: Affected) {
  const appsWith = (action: string) =>
    affected.apps.filter((impact) => impact.action === action).map((impact) => impact.app);
  return {
    release: appsWith('release'),
    check: appsWith('check'),
    e2e: affected.suite.causes.length > 0,
    ignored: affected.ignored,
  };
}

describe('affectedBy', () => {
  it.each([
    [
      'a remote only: that remote, and the shell re-checks its types',
      ['mf-portfolio/src/filtering.ts', 'mf-portfolio/src/pages/PortfolioPage.tsx'],
      { release: ['mf-portfolio'], check: ['shell'], e2e: true, ignored: [] },
    ],
    [
      'shared-content: every app builds from it',
      ['shared-content/src/site/config.ts'],
      { release: everyApp, check: [], e2e: true, ignored: [] },
    ],
    [
      'federation: the shell only (the remotes do not import it)',
      ['federation/src/retry-policy.ts'],
      { release: ['shell'], check: [], e2e: true, ignored: [] },
    ],
    [
      'build-config: every app (the remotes’ build, the API’s topology)',
      ['build-config/src/remote-config.ts'],
      { release: everyApp, check: [], e2e: true, ignored: [] },
    ],
    [
      'the root lockfile: everything',
      ['pnpm-lock.yaml'],
      { release: everyApp, check: [], e2e: true, ignored: [] },
    ],
    [
      'documentation only: nothing',
      ['README.md', 'docs/testing.md', 'mf-contact/README.md'],
      {
        release: [],
        check: [],
        e2e: false,
        ignored: ['README.md', 'docs/testing.md', 'mf-contact/README.md'],
      },
    ],
    [
      'the e2e suite only: no app, the suite runs',
      ['e2e/tests/home/hero.spec.ts'],
      { release: [], check: [], e2e: true, ignored: [] },
    ],
    [
      'the tooling only: no app (it runs from the checkout), the suite that imports it runs',
      ['platform/hosting/src/static-host.ts'],
      { release: [], check: [], e2e: true, ignored: [] },
    ],
    [
      'a rename from one remote to another: both remotes',
      ['mf-contact/src/faq/accordion.ts', 'mf-portfolio/src/faq/accordion.ts'],
      { release: ['mf-portfolio', 'mf-contact'], check: ['shell'], e2e: true, ignored: [] },
    ],
    [
      'a folder that is no workspace package: everything, to be safe',
      ['mf-blog/src/index.ts'],
      { release: everyApp, check: [], e2e: true, ignored: [] },
    ],
    [
      'the test floor: every app re-checked, none released',
      ['test-floor.json'],
      { release: [], check: everyApp, e2e: true, ignored: [] },
    ],
    ['an empty change: nothing', [], { release: [], check: [], e2e: false, ignored: [] }],
  ])('%s', (_case, files, expected) => {
    expect(outcome(affectedBy(files, workspace))).toEqual(expected);
  });

  it('gives each app its causes, its own package first, and releases when a check and a release meet', () => {
    const affected = affectedBy(
      ['mf-portfolio/src/filtering.ts', 'shell/src/App.tsx', 'site-router/src/index.ts'],
      workspace,
    );
    expect(affected.apps.find((impact) => impact.app === 'shell')).toEqual({
      app: 'shell',
      action: 'release',
      causes: [
        { source: 'shell', kind: 'package', files: ['shell/src/App.tsx'], action: 'release' },
        { source: 'site-router', kind: 'package', files: ['site-router/src/index.ts'], action: 'release' },
        {
          source: 'mf-portfolio',
          kind: 'package',
          files: ['mf-portfolio/src/filtering.ts'],
          action: 'check',
        },
      ],
    });
  });

  it('names why the suite runs, its own files first, and lists a file once', () => {
    const affected = affectedBy(['shell/src/App.tsx', 'e2e/fixtures.ts', 'shell/src/App.tsx'], workspace);
    expect(affected.suite).toEqual({
      name: 'e2e',
      causes: [
        { source: 'e2e', kind: 'package', files: ['e2e/fixtures.ts'] },
        { source: 'shell', kind: 'package', files: ['shell/src/App.tsx'] },
      ],
      tags: null,
    });
  });

  it('reads the same from this repository’s own package.json files for a remote-only change', async () => {
    const affected = affectedBy(['mf-portfolio/src/model/filtering.ts'], await readWorkspace(repoRoot));
    expect(outcome(affected)).toEqual({
      release: ['mf-portfolio'],
      // The API reads the remote map with federation's parser, and federation depends on every remote: by package
      // (this rule), a remote's change re-checks the API too; by module (the builds' lists) it does not.
      check: ['shell', 'enquiry-api'],
      e2e: true,
      ignored: [],
    });
  });
});

/** What each app's build includes, as the builds of this repository list them (a few modules each). */
const read = (modules: string[], config: string[] = [], from: 'build' | 'source' = 'build'): AppBuild => ({
  state: 'read',
  from,
  modules: new Set(modules),
  config: new Set(config),
});
const site = ['shared-content/src/site/routes.ts', 'shared-content/src/theme/tokens.ts'];
const builds = new Map<string, AppBuild>([
  [
    'shell',
    read(['shell/src/App.tsx', ...site], ['shell/rsbuild.config.ts', 'shared-content/src/site/seo.ts']),
  ],
  ['mf-marketing', read(['mf-marketing/src/index.ts', ...site, 'shared-content/src/marketing/hero.ts'])],
  ['mf-portfolio', read(['mf-portfolio/src/index.ts', ...site, 'shared-content/src/portfolio/projects.ts'])],
  ['mf-contact', read(['mf-contact/src/index.ts', ...site, 'shared-content/src/contact/faq.ts'])],
  ['enquiry-api', read(['enquiry-api/src/main.ts', 'shared-content/src/enquiry/schemas.ts'], [], 'source')],
]);
const folders = new Map(everyApp.map((app) => [app, app]));

describe('affectedBy, by module', () => {
  it('a copy change in one remote’s content releases that remote only; the others re-check', () => {
    const affected = affectedBy(['shared-content/src/portfolio/projects.ts'], workspace, builds, folders);
    expect(outcome(affected)).toEqual({
      release: ['mf-portfolio'],
      check: ['shell', 'mf-marketing', 'mf-contact', 'enquiry-api'],
      e2e: true,
      ignored: [],
    });
    expect(affected.apps.find((impact) => impact.app === 'mf-portfolio')?.causes).toEqual([
      {
        source: 'shared-content',
        kind: 'package',
        files: ['shared-content/src/portfolio/projects.ts'],
        action: 'release',
        basis: 'in its build',
      },
    ]);
    expect(affected.suite.tags).toEqual(['@mf-portfolio', '@smoke']);
    expect(affected.byModule).toBe(true);
  });

  it('a module every build includes releases every app, the whole suite runs', () => {
    const affected = affectedBy(['shared-content/src/site/routes.ts'], workspace, builds, folders);
    expect(outcome(affected).release).toEqual(['shell', 'mf-marketing', 'mf-portfolio', 'mf-contact']);
    expect(outcome(affected).check).toEqual(['enquiry-api']);
    expect(affected.suite.tags).toBeNull();
  });

  it('a module that an app’s build configuration imports releases that app', () => {
    const affected = affectedBy(['shared-content/src/site/seo.ts'], workspace, builds, folders);
    expect(outcome(affected).release).toEqual(['shell']);
    expect(affected.apps[0]?.causes[0]?.basis).toBe('its build configuration imports it');
  });

  it('a file of a library that no build includes (a test, a package.json) is decided by package', () => {
    for (const file of ['shared-content/src/portfolio/projects.test.ts', 'shared-content/package.json']) {
      const affected = affectedBy([file], workspace, builds, folders);
      expect(outcome(affected).release).toEqual(everyApp);
      expect(affected.apps[1]?.causes[0]?.basis).toBe('in no build');
    }
  });

  it('an app whose build is not read is decided by package and says why', () => {
    const note = 'its build is not of HEAD (shared-content/src/contact/faq.ts differs)';
    const partly = new Map(builds).set('mf-contact', { state: 'stale', note });
    const affected = affectedBy(['shared-content/src/portfolio/projects.ts'], workspace, partly, folders);
    expect(outcome(affected).release).toEqual(['mf-portfolio', 'mf-contact']);
    expect(affected.suite.tags).toEqual(['@mf-portfolio', '@mf-contact', '@smoke']);
    expect(affected.byPackage).toEqual([{ app: 'mf-contact', note }]);
  });

  it('an app’s own files and types still count by package: a remote’s change releases it, the shell re-checks', () => {
    const affected = affectedBy(['mf-portfolio/src/filtering.ts'], workspace, builds, folders);
    expect(outcome(affected)).toEqual({
      release: ['mf-portfolio'],
      check: ['shell'],
      e2e: true,
      ignored: [],
    });
    expect(affected.suite.tags).toEqual(['@mf-portfolio', '@smoke']);
  });
});

describe('the e2e tags a change needs', () => {
  it.each([
    ['a remote alone: its specs and the smoke', ['mf-contact/src/index.ts'], ['@mf-contact', '@smoke']],
    [
      'two remotes: the specs of each and the smoke',
      ['mf-contact/src/index.ts', 'mf-marketing/src/index.ts'],
      ['@mf-marketing', '@mf-contact', '@smoke'],
    ],
    ['the shell: the whole suite', ['shell/src/App.tsx'], null],
    ['the tooling the suite drives: the whole suite', ['platform/releases/src/release.ts'], null],
    ['the suite itself: the whole suite', ['e2e/fixtures.ts'], null],
    ['the workspace setup: the whole suite', ['pnpm-lock.yaml'], null],
    ['documentation: none', ['README.md'], []],
  ])('%s', (_case, files, tags) => {
    expect(affectedBy(files, workspace, builds, folders).suite.tags).toEqual(tags);
  });
});

describe('affectedBy, with this repository’s own builds', () => {
  /**
   * The builds `pnpm build` wrote (the test command builds before the unit tests), compared with the files as they
   * are on disk: the add-a-route.md change, a route in the table and the slot's section in its remote.
   */
  it('a route-table change releases the shell and the slot’s remote only', async () => {
    const repository = await readWorkspace(repoRoot);
    const apps = repository.apps.map((name, index) => ({ name, folder: appFolders[index] ?? name }));
    const onDisk = new Map<string, string>();
    for (const path of execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).split('\0')) {
      if (path && existsSync(join(repoRoot, path)))
        onDisk.set(path, gitBlobId(readFileSync(join(repoRoot, path))));
    }
    const builds = readBuilds(repoRoot, apps, onDisk, 'the working tree');
    for (const [app, build] of builds) {
      expect(build.state, `${app}: ${build.state === 'read' ? '' : build.note} (run pnpm build)`).toBe(
        'read',
      );
    }
    const change = ['shared-content/src/site/routes.ts', 'mf-marketing/src/pages/ServicesPage.tsx'];
    const affected = affectedBy(
      change,
      repository,
      builds,
      new Map(apps.map(({ name, folder }) => [name, folder])),
    );
    expect(outcome(affected).release).toEqual(['shell', 'mf-marketing']);
    // A path a remote links to is in that remote's build: changing it releases the remotes that link to it.
    const linked = affectedBy(['shared-content/src/site/page-paths.ts'], repository, builds);
    expect(outcome(linked).release).toEqual(
      expect.arrayContaining(['shell', 'mf-marketing', 'mf-portfolio']),
    );
  });
});
