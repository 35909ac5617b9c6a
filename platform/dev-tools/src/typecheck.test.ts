/**
 * `pnpm typecheck` (a step of `npm test` and of a team's CI) runs TypeScript 7's native compiler in every package,
 * not 5.9, whose package stays for the compiler API and editors (pnpm-workspace.yaml's catalog). These tests hold
 * each package to the fast compiler, and show that this compiler, with the workspace's own settings, fails on a
 * type error and passes without one.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
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
  it('runs every package’s typecheck script, each the native compiler', async () => {
    expect(manifest('.').scripts?.typecheck).toBe('pnpm -r --parallel typecheck');
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
