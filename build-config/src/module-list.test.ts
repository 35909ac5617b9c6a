import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Rspack } from '@rsbuild/core';
import { afterAll, describe, expect, it } from 'vitest';
import { importClosure } from './import-closure.ts';
import { gitBlobId, moduleListOf, workspaceRoot } from './module-list.ts';

const root = mkdtempSync(join(tmpdir(), 'module-list-'));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
write('pnpm-workspace.yaml', 'packages:\n  - app\n');
write(
  'app/rsbuild.config.ts',
  "import { plugins } from './plugins';\nexport const exposes = { A: () => import('./src/A.tsx') };\n",
);
write(
  'app/plugins.ts',
  "import type { Seo } from '../lib/seo.ts';\nexport { tokens } from '../lib/tokens.ts';\nexport const plugins = [];\n",
);
// Built from a variable: the package-boundaries test reads every import-like string in the repository.
const up = '../../';
write('app/src/A.tsx', `import { copy } from '${up}lib/copy.ts';\nexport const A = () => copy;\n`);
write('lib/seo.ts', 'export type Seo = string;\n');
write('lib/tokens.ts', 'export const tokens = {};\n');
write('lib/copy.ts', "export const copy = 'Our Portfolio';\n");
write('node_modules/react/index.js', 'module.exports = {};\n');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A chunk graph in which every module is emitted (as in a build without unused modules). */
const everyModuleInAChunk = { getModuleChunksIterable: () => [{}] };

const relative = (files: string[]) => files.map((file) => file.slice(root.length + 1));

describe('importClosure', () => {
  it('follows imports and re-exports, leaves out type-only imports, and follows import() when asked', () => {
    const config = join(root, 'app/rsbuild.config.ts');
    expect(relative(importClosure([config]))).toEqual([
      'app/plugins.ts',
      'app/rsbuild.config.ts',
      'app/src/A.tsx',
      'lib/copy.ts',
      'lib/tokens.ts',
    ]);
    expect(relative(importClosure([config], { dynamic: false }))).toEqual([
      'app/plugins.ts',
      'app/rsbuild.config.ts',
      'lib/tokens.ts',
    ]);
  });
});

describe('moduleListOf', () => {
  it('lists the workspace modules of a build, those inside a concatenated module too, with what it read', () => {
    const module = (path: string) => ({ resource: join(root, path) });
    const compilation = {
      modules: new Set([
        { modules: [module('app/src/A.tsx'), module('lib/copy.ts')] },
        module('node_modules/react/index.js'),
        { resource: `${join(root, 'lib/tokens.ts')}?inline` },
        {},
      ]),
      chunkGraph: everyModuleInAChunk,
      fileDependencies: new Set([join(root, 'app/src/A.tsx'), join(root, 'pnpm-workspace.yaml'), root]),
    } as unknown as Rspack.Compilation;
    const list = moduleListOf(root, 'web', compilation, [join(root, 'app/rsbuild.config.ts')]);
    expect(list.modules).toEqual(['app/src/A.tsx', 'lib/copy.ts', 'lib/tokens.ts']);
    expect(list.config).toEqual(['app/rsbuild.config.ts']);
    expect(Object.keys(list.read)).toEqual([
      'app/rsbuild.config.ts',
      'app/src/A.tsx',
      'lib/copy.ts',
      'lib/tokens.ts',
      'pnpm-workspace.yaml',
    ]);
    expect(list.read['lib/copy.ts']).toBe(
      execFileSync('git', ['hash-object', join(root, 'lib/copy.ts')])
        .toString()
        .trim(),
    );
  });

  it('leaves out a module in no chunk: parsed through a barrel, unused, dropped from the output', () => {
    const used = { resource: join(root, 'lib/copy.ts') };
    const dropped = { resource: join(root, 'lib/tokens.ts') };
    const compilation = {
      modules: new Set([used, dropped]),
      chunkGraph: { getModuleChunksIterable: (module: unknown) => (module === dropped ? [] : [{}]) },
      fileDependencies: new Set([used.resource, dropped.resource]),
    } as unknown as Rspack.Compilation;
    const list = moduleListOf(root, 'web', compilation, []);
    expect(list.modules).toEqual(['lib/copy.ts']);
    // Still read: a build of other contents of it is not of the same commit.
    expect(Object.keys(list.read)).toEqual(['lib/copy.ts', 'lib/tokens.ts']);
  });

  it('finds the repository root above an app', () => {
    expect(workspaceRoot(join(root, 'app/src'))).toBe(root);
    expect(gitBlobId(Buffer.from(''))).toBe('e69de29bb2d1d6434b8b29ae775ad8c2e48c5391');
  });
});
