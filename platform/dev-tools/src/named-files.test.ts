import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { missingNamedFiles, namedFiles, nameResolves } from './named-files.ts';

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

const read = tracked.filter(
  (path) => /\.(tsx?|mjs|md)$/.test(path) && !path.startsWith('reports/') && !path.includes('/fixtures/'),
);

/**
 * Names of files that do not exist on purpose: the how-to guides name the files a team creates by following
 * them, the e2e guide's example of a new spec, a report's example names a made-up file, and a build's alias names a file inside a dependency.
 */
const notInTheTree = new Set([
  'docs/how-to/add-a-route.md shared-content/src/marketing/careers.ts',
  'docs/how-to/add-a-route.md careers.ts',
  'docs/how-to/add-a-route.md mf-marketing/src/pages/CareersPage.tsx',
  'docs/how-to/add-a-route.md pages/CareersPage.tsx',
  'docs/how-to/add-an-expose.md mf-portfolio/src/sections/ProjectCount.tsx',
  'docs/how-to/add-an-expose.md sections/ProjectCount.tsx',
  'docs/how-to/add-an-expose.md ProjectCount.test.tsx',
  'e2e/README.md tests/contact/opening-hours.spec.ts',
  'platform/dev-tools/src/affected/report.ts mf-portfolio/src/a.ts',
  'build-config/src/esm-runtime-alias.ts index.mjs',
]);

describe('this repository', () => {
  it('names, in its comments and docs, only files that exist', () => {
    const missing = missingNamedFiles(repoRoot, read, tracked)
      .filter(({ file, name }) => !notInTheTree.has(`${file} ${name}`))
      .map(({ file, line, name }) => `${file}:${line} names ${name}`);
    expect(missing).toEqual([]);
  });
});

describe('the check', () => {
  it('reads names from comments only, and from the whole of a Markdown file', () => {
    const root = mkdtempSync(join(tmpdir(), 'named-files-'));
    try {
      writeFileSync(
        join(root, 'a.ts'),
        "// see lib/old-place.ts\nconst path = 'not-a-comment.ts';\n/* and deploy-model/layout.ts */\n",
      );
      writeFileSync(join(root, 'b.md'), 'Start in `src/start.ts`, not in start.json.\n');
      expect(namedFiles(root, 'a.ts').map(({ line, name }) => `${line} ${name}`)).toEqual([
        '1 lib/old-place.ts',
        '3 deploy-model/layout.ts',
      ]);
      expect(namedFiles(root, 'b.md').map(({ name }) => name)).toEqual(['src/start.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('finds a path, the end of one, a package import path and a bare name; misses a moved file', () => {
    const files = ['platform/deploy-model/src/layout.ts', 'platform/releases/src/changes/release.ts'];
    const bare = new Set(['layout.ts', 'release.ts']);
    expect(nameResolves('platform/deploy-model/src/layout.ts', files, bare)).toBe(true);
    expect(nameResolves('changes/release.ts', files, bare)).toBe(true);
    expect(nameResolves('deploy-model/layout.ts', files, bare)).toBe(true);
    expect(nameResolves('release.ts', files, bare)).toBe(true);
    expect(nameResolves('platform/releases/src/release.ts', files, bare)).toBe(false);
    expect(nameResolves('java.ts', files, bare)).toBe(false);
  });
});
