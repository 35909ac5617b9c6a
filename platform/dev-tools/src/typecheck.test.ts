/**
 * `pnpm typecheck` (a step of `npm test` and of a team's CI) runs TypeScript 7's native compiler on every package,
 * not 5.9, whose package stays for the compiler API and editors (pnpm-workspace.yaml's catalog). It checks them all
 * in one process (`tsc --build` on the root tsconfig.json, which references each package's own tsconfig): the
 * standard library and the shared types are read once, not once per package (7 s instead of 20 s on 2 cores).
 * These tests hold the list of references to the workspace and each package to the fast compiler, and show that
 * this compiler, with the workspace's own settings, fails on a type error and passes without one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { readWorkspace } from './affected/workspace.ts';

const nativeTypecheck = 'node node_modules/typescript-native/bin/tsc -p tsconfig.json';
const nativeCompiler = join(repoRoot, 'platform/dev-tools/node_modules/typescript-native/bin/tsc');

const manifest = (folder: string) =>
  JSON.parse(readFileSync(join(repoRoot, folder, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };

describe('pnpm typecheck', () => {
  it('checks every package of the workspace in one build of the native compiler', async () => {
    expect(manifest('.').scripts?.typecheck).toBe(
      'node node_modules/typescript-native/bin/tsc --build --builders 2 --checkers 1',
    );
    expect(manifest('.').devDependencies?.['typescript-native']).toBe('catalog:');
    const { packages } = await readWorkspace(repoRoot);
    const solution = ts.parseConfigFileTextToJson(
      'tsconfig.json',
      readFileSync(join(repoRoot, 'tsconfig.json'), 'utf8'),
    ).config as { files?: string[]; references?: { path: string }[] };
    expect(solution.files, 'a solution file holds no files of its own').toEqual([]);
    expect((solution.references ?? []).map(({ path }) => path.replace(/^\.\//, '')).sort()).toEqual(
      packages.map(({ folder }) => folder).sort(),
    );
  });

  it('keeps a typecheck of its own in each package, the native compiler', async () => {
    const { packages } = await readWorkspace(repoRoot);
    const unchecked = packages.filter(
      ({ folder }) => manifest(folder).scripts?.typecheck !== nativeTypecheck,
    );
    expect(unchecked.map(({ folder }) => folder)).toEqual([]);
    const withoutCompiler = packages.filter(
      ({ folder }) => manifest(folder).devDependencies?.['typescript-native'] !== 'catalog:',
    );
    expect(withoutCompiler.map(({ folder }) => folder)).toEqual([]);
  });

  describe('the native compiler with the workspace’s settings', () => {
    const dir = mkdtempSync(join(tmpdir(), 'typecheck-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: join(repoRoot, 'tsconfig.base.json'), include: ['*.ts'] }),
    );
    const check = (source: string) => {
      writeFileSync(join(dir, 'index.ts'), source);
      return spawnSync(process.execPath, [nativeCompiler, '-p', join(dir, 'tsconfig.json')], {
        encoding: 'utf8',
      });
    };

    it('fails on a type error, naming it', () => {
      const run = check("export const port: number = '3000';\n");
      expect(run.status).not.toBe(0);
      expect(run.stdout).toContain("error TS2322: Type 'string' is not assignable to type 'number'.");
    });

    it('passes a sound file', () => {
      const run = check('export const port: number = 3000;\n');
      expect(run.stdout + run.stderr).toBe('');
      expect(run.status).toBe(0);
    });
  });
});
