import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { readWorkspace, type Workspace } from './affected/workspace.ts';
import {
  crossingImports,
  folderCycles,
  layeringViolations,
  platformLayers,
  undeclaredImports,
} from './package-boundaries.ts';

// Quoted here so that this file's own text holds no import the checks would find.
const quoted = (path: string) => `'${path}'`;

/** A repository of small files in a temporary folder (path → source), with a folder for each package. */
function repoWith(files: Record<string, string>, workspace?: Workspace): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const { folder } of workspace?.packages ?? []) mkdirSync(join(root, folder), { recursive: true });
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

const workspaceOf = (...packages: Array<[name: string, folder: string, dependsOn: string[]]>): Workspace => ({
  packages: packages.map(([name, folder, dependsOn]) => ({ name, folder, dependsOn })),
  apps: [],
  suite: 'e2e',
});

const workspace = await readWorkspace(repoRoot);

describe('this repository', () => {
  it('no file imports another package’s files by a relative path: only through its package.json exports', () => {
    expect(crossingImports(repoRoot, workspace)).toEqual([]);
  });

  it('every workspace package a file imports is named in its package.json', () => {
    expect(undeclaredImports(repoRoot, workspace)).toEqual([]);
  });

  it('the platform’s packages depend one way, and no product package depends on the platform', () => {
    expect(layeringViolations(workspace)).toEqual([]);
  });

  it('names every platform package of the workspace in its layers, once', () => {
    const platform = workspace.packages.filter(({ folder }) => folder.startsWith('platform/'));
    expect([...platformLayers].sort()).toEqual(platform.map(({ name }) => name).sort());
  });

  it("keeps test helpers out of src/: a testing entry names a file in the package's testing/ folder", () => {
    const inSrc = workspace.packages.flatMap(({ folder }) => {
      const { exports = {} } = JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as {
        exports?: Record<string, string>;
      };
      return Object.entries(exports)
        .filter(([entry, file]) => entry.startsWith('./testing') && !file.startsWith('./testing/'))
        .map(([entry, file]) => `${folder} ${entry} → ${file}`);
    });
    const helpersInPlatformSrc = execFileSync('git', ['ls-files', 'platform'], {
      cwd: repoRoot,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((path) => /^platform\/[^/]+\/src\/(.*\/)?testing\//.test(path));
    expect([...inSrc, ...helpersInPlatformSrc]).toEqual([]);
  });

  it.each(workspace.packages.map(({ folder }) => folder))(
    '%s: its folders import one another one way',
    (folder) => {
      expect(folderCycles(repoRoot, folder)).toEqual([]);
    },
  );
});

describe('the checks', () => {
  it('find a relative import into another package, and ignore one that stays inside its own', () => {
    const workspace = workspaceOf(
      ['shell', 'shell', []],
      ['platform-kit', 'platform/kit', []],
      ['mf-marketing', 'mf-marketing', []],
    );
    const root = repoWith(
      {
        'shell/src/a.ts': `import { b } from ${quoted('./b.ts')};\nexport { c } from ${quoted('../../platform/kit/src/c.ts')};\n`,
        'platform/kit/src/d.ts': `const e = await import(${quoted('../../../mf-marketing/src/e.ts')});\n`,
      },
      workspace,
    );
    expect(crossingImports(root, workspace)).toEqual([
      'platform/kit/src/d.ts → mf-marketing/src/e.ts',
      'shell/src/a.ts → platform/kit/src/c.ts',
    ]);
  });

  it('find an import of a package the importer does not name, but not one in a comment', () => {
    const workspace = workspaceOf(
      ['shell', 'shell', ['federation']],
      ['site-router', 'site-router', []],
      ['federation', 'federation', []],
      ['enquiry-api', 'enquiry-api', []],
    );
    const root = repoWith(
      {
        'shell/src/a.ts': `import { b } from ${quoted('site-router')};\nimport { c } from ${quoted('federation/remotes')};\n// import { d } from ${quoted('enquiry-api')};\n`,
      },
      workspace,
    );
    expect(undeclaredImports(root, workspace)).toEqual(['shell/src/a.ts → site-router']);
  });

  it('refuse a platform package depending on its own layer or a higher one, and a product package on any', () => {
    const workspace = workspaceOf(
      ['deploy-model', 'platform/deploy-model', ['platform-kit', 'releases']],
      ['releases', 'platform/releases', ['deploy-model', 'releases']],
      ['shell', 'shell', ['deploy-folder']],
      ['e2e', 'e2e', ['site-cli', 'releases']],
    );
    expect(layeringViolations(workspace)).toEqual([
      'deploy-model → releases',
      'releases → releases',
      'shell → deploy-folder',
    ]);
  });

  it('find a cycle between two folders, whatever file closes it, and let a test reach anywhere', () => {
    const root = repoWith({
      'pkg/src/a/one.ts': `import { two } from ${quoted('../b/two.ts')};\n`,
      'pkg/src/b/two.ts': 'export const two = 2;\n',
      'pkg/src/b/three.ts': `import { one } from ${quoted('../a/one.ts')};\n`,
      'pkg/src/c/four.ts': `import { two } from ${quoted('../b/two.ts')};\n`,
      'pkg/src/b/two.test.ts': `import { four } from ${quoted('../c/four.ts')};\n`,
    });
    expect(folderCycles(root, 'pkg')).toEqual(['src/a → src/b → src/a']);
  });
});
