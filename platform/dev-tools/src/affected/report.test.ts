import { describe, expect, it } from 'vitest';
import type { Affected, AppCause, Cause } from './affected.ts';
import { affectedJson, describeAffected } from './report.ts';

const files = ['mf-portfolio/src/filtering.ts', 'mf-portfolio/src/portfolio-url.ts'];
const portfolio: Cause = { source: 'mf-portfolio', kind: 'package', files };
const cause = (action: AppCause['action']): AppCause => ({ ...portfolio, action });

/** A remote-only change with a README beside it. */
const remoteChange: Affected = {
  apps: [
    { app: 'shell', action: 'check', causes: [cause('check')] },
    { app: 'mf-portfolio', action: 'release', causes: [cause('release')] },
  ],
  suite: { name: 'e2e', causes: [portfolio], tags: ['@mf-portfolio', '@smoke'] },
  byPackage: [],
  byModule: true,
  ignored: ['mf-portfolio/README.md'],
};

const nothing: Affected = {
  apps: [],
  suite: { name: 'e2e', causes: [], tags: [] },
  byPackage: [],
  byModule: false,
  ignored: [],
};

describe('describeAffected', () => {
  it('prints a line per app, releases first, with the first file and how many', () => {
    expect(describeAffected(remoteChange, 'main~3..HEAD', 3).split('\n')).toEqual([
      '3 files changed in main~3..HEAD.',
      'release  mf-portfolio   (mf-portfolio/src/filtering.ts, 2 files)',
      'check    shell          (mf-portfolio, types only: mf-portfolio/src/filtering.ts, 2 files)',
      'test     e2e            (mf-portfolio: mf-portfolio/src/filtering.ts, 2 files)',
      'ignore   documentation  (mf-portfolio/README.md)',
      'check: re-run its typecheck and tests against the change; it has nothing new to release.',
      'e2e: the tests tagged @mf-portfolio @smoke: pnpm test:e2e --remote mf-portfolio',
    ]);
  });

  it('says when there is nothing to do, and when nothing changed at all', () => {
    expect(describeAffected({ ...nothing, ignored: ['README.md'] }, 'HEAD', 1)).toBe(
      '1 file changed in HEAD.\nignore  documentation  (README.md)\nNothing to release or test.',
    );
    expect(describeAffected(nothing, 'a..b', 0)).toBe(
      'No files changed in a..b: nothing to release or test.',
    );
  });

  it('shows three causes of a wide change and counts the rest', () => {
    const sources = ['shell', 'build-config', 'federation', 'shared-content', 'site-router'];
    const causes = sources.map(
      (source): AppCause => ({
        source,
        kind: 'package',
        files: [`${source}/src/index.ts`],
        action: 'release',
      }),
    );
    const wide: Affected = { ...nothing, apps: [{ app: 'shell', action: 'release', causes }] };
    expect(describeAffected(wide, 'HEAD', 5).split('\n')[1]).toBe(
      'release  shell  (shell/src/index.ts; build-config: build-config/src/index.ts; ' +
        'federation: federation/src/index.ts; 2 more (--json lists them))',
    );
  });

  it('labels a repository-file rule without "types only"', () => {
    const floor: AppCause = {
      source: 'check setup',
      kind: 'root',
      files: ['test-floor.json'],
      action: 'check',
    };
    const checked: Affected = { ...nothing, apps: [{ app: 'shell', action: 'check', causes: [floor] }] };
    expect(describeAffected(checked, 'HEAD', 1).split('\n')[1]).toBe(
      'check  shell  (check setup: test-floor.json)',
    );
  });
});

describe('by module', () => {
  const library: Cause = {
    source: 'shared-content',
    kind: 'package',
    files: ['shared-content/src/portfolio/projects.ts'],
  };
  const copyChange: Affected = {
    apps: [
      { app: 'shell', action: 'check', causes: [{ ...library, action: 'check', basis: 'not in its build' }] },
      {
        app: 'mf-portfolio',
        action: 'release',
        causes: [{ ...library, action: 'release', basis: 'in its build' }],
      },
    ],
    suite: { name: 'e2e', causes: [library], tags: ['@mf-portfolio', '@smoke'] },
    byPackage: [{ app: 'enquiry-api', note: 'its source is not of HEAD (enquiry-api/src/main.ts differs)' }],
    byModule: true,
    ignored: [],
  };

  it('says how each file stands to the app’s build, and which apps were decided by package', () => {
    expect(describeAffected(copyChange, 'HEAD~1..HEAD', 1).split('\n')).toEqual([
      '1 file changed in HEAD~1..HEAD.',
      'release  mf-portfolio  (shared-content, in its build: shared-content/src/portfolio/projects.ts)',
      'check    shell         (shared-content, not in its build: shared-content/src/portfolio/projects.ts)',
      'test     e2e           (shared-content: shared-content/src/portfolio/projects.ts)',
      'check: re-run its typecheck and tests against the change; it has nothing new to release.',
      'e2e: the tests tagged @mf-portfolio @smoke: pnpm test:e2e --remote mf-portfolio',
      'enquiry-api: its source is not of HEAD (enquiry-api/src/main.ts differs); decided by package.',
    ]);
  });

  it('names the whole suite, or a --grep for several apps’ tags', () => {
    const whole = describeAffected({ ...copyChange, suite: { ...copyChange.suite, tags: null } }, 'HEAD', 1);
    expect(whole).toContain('\ne2e: the whole suite: pnpm test:e2e\n');
    const several = { ...copyChange.suite, tags: ['@mf-portfolio', '@mf-contact', '@smoke'] };
    expect(describeAffected({ ...copyChange, suite: several }, 'HEAD', 1)).toContain(
      "e2e: the tests tagged @mf-portfolio @mf-contact @smoke: pnpm test:e2e --grep '(@mf-portfolio|@mf-contact|@smoke)(?![\\w-])'",
    );
  });

  it('says so when no build was read at all', () => {
    const unread = { ...copyChange, byPackage: [], byModule: false };
    expect(describeAffected(unread, 'HEAD', 1).split('\n').at(-1)).toBe(
      "No build to read (pnpm build writes each app's module list): every app is decided by package.",
    );
  });
});

describe('affectedJson', () => {
  it('puts the lists a pipeline branches on first', () => {
    expect(affectedJson(remoteChange, 'main~3..HEAD', 3)).toEqual({
      range: 'main~3..HEAD',
      changedFiles: 3,
      release: ['mf-portfolio'],
      check: ['shell'],
      suite: {
        name: 'e2e',
        causes: [portfolio],
        tags: ['@mf-portfolio', '@smoke'],
        run: true,
        command: 'pnpm test:e2e --remote mf-portfolio',
      },
      byModule: true,
      byPackage: [],
      apps: remoteChange.apps,
      ignored: ['mf-portfolio/README.md'],
    });
    expect(affectedJson(nothing, 'HEAD', 0).suite.run).toBe(false);
  });
});
