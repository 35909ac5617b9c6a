import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';

/**
 * Lints a small project of its own with the repo's config: import cycles are found on Biome's module graph,
 * which covers only the project the config sits in, so the config is copied beside the files.
 */
function lintProject(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
  copyFileSync(join(repoRoot, 'biome.jsonc'), join(dir, 'biome.jsonc'));
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  const biome = join(repoRoot, 'node_modules', '.bin', 'biome');
  const result = spawnSync(biome, ['lint', '--vcs-enabled=false', ...Object.keys(files)], {
    cwd: dir,
    encoding: 'utf8',
  });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/**
 * A focused test left in a commit is a lint error (biome.jsonc), not a warning: lints the repo's own config
 * against small files written outside the repo, the way `pnpm lint` would see them inside it.
 */
const lint = (name: string, source: string) => lintProject({ [name]: source });

describe('focused tests', () => {
  it('lints an ordinary test clean (the probe itself works)', () => {
    expect(
      lint('plain.spec.ts', "import { test } from '@playwright/test';\n\ntest('x', () => {});\n").ok,
    ).toBe(true);
  });

  it.each([
    [
      'a Playwright test.only',
      'e.spec.ts',
      "import { test } from '@playwright/test';\n\ntest.only('x', () => {});\n",
    ],
    [
      'a Playwright describe.only',
      'd.spec.ts',
      "import { test } from '@playwright/test';\n\ntest.describe.only('x', () => {});\n",
    ],
    ['a vitest it.only', 'u.test.ts', "import { it } from 'vitest';\n\nit.only('x', () => {});\n"],
  ])('refuses %s as an error', (_, name, source) => {
    const { ok, output } = lint(name, source);
    expect(ok).toBe(false);
    expect(output).toContain('noFocusedTests');
  });
});

describe('import cycles', () => {
  it('lints modules that import one way clean', () => {
    const { ok, output } = lintProject({
      'a.ts': "import { b } from './b.ts';\n\nexport const a = () => b();\n",
      'b.ts': 'export const b = () => 1;\n',
    });
    expect(output).not.toContain('noImportCycles');
    expect(ok).toBe(true);
  });

  it.each([
    [
      'two modules importing each other’s values',
      "import { b } from './b.ts';\n\nexport const a = () => b();\n",
      "import { a } from './a.ts';\n\nexport const b = () => a();\n",
    ],
    [
      'two modules importing only each other’s types',
      "import type { B } from './b.ts';\n\nexport interface A {\n  b?: B;\n}\n",
      "import type { A } from './a.ts';\n\nexport interface B {\n  a?: A;\n}\n",
    ],
  ])('refuses %s as an error', (_, a, b) => {
    const { ok, output } = lintProject({ 'a.ts': a, 'b.ts': b });
    expect(output).toContain('noImportCycles');
    expect(ok).toBe(false);
  });
});
