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
  suite: { name: 'e2e', causes: [portfolio] },
  ignored: ['mf-portfolio/README.md'],
};

const nothing: Affected = { apps: [], suite: { name: 'e2e', causes: [] }, ignored: [] };

describe('describeAffected', () => {
  it('prints a line per app, releases first, with the first file and how many', () => {
    expect(describeAffected(remoteChange, 'main~3..HEAD', 3).split('\n')).toEqual([
      '3 files changed in main~3..HEAD.',
      'release  mf-portfolio   (mf-portfolio/src/filtering.ts, 2 files)',
      'check    shell          (mf-portfolio, types only: mf-portfolio/src/filtering.ts, 2 files)',
      'test     e2e            (mf-portfolio: mf-portfolio/src/filtering.ts, 2 files)',
      'ignore   documentation  (mf-portfolio/README.md)',
      'check: re-run its typecheck and tests against the change; it has nothing new to release.',
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

describe('affectedJson', () => {
  it('puts the lists a pipeline branches on first', () => {
    expect(affectedJson(remoteChange, 'main~3..HEAD', 3)).toEqual({
      range: 'main~3..HEAD',
      changedFiles: 3,
      release: ['mf-portfolio'],
      check: ['shell'],
      suite: { name: 'e2e', causes: [portfolio], run: true },
      apps: remoteChange.apps,
      ignored: ['mf-portfolio/README.md'],
    });
    expect(affectedJson(nothing, 'HEAD', 0).suite.run).toBe(false);
  });
});
