import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from 'platform-kit/paths';

/**
 * A focused test left in a commit is a lint error (biome.jsonc), not a warning: lints the repo's own config
 * against small files written outside the repo, the way `pnpm lint` would see them inside it.
 */
function lint(name: string, source: string) {
  const dir = mkdtempSync(join(tmpdir(), 'focused-'));
  writeFileSync(join(dir, name), source);
  const biome = join(repoRoot, 'node_modules', '.bin', 'biome');
  const result = spawnSync(
    biome,
    ['lint', `--config-path=${join(repoRoot, 'biome.jsonc')}`, '--vcs-enabled=false', name],
    { cwd: dir, encoding: 'utf8' },
  );
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

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
