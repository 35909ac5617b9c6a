import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossingImports, workspaceFolders } from './package-boundaries.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');

describe('package boundaries', () => {
  it('no file imports another package’s files by a relative path: only through its package.json exports', () => {
    expect(crossingImports(repoRoot)).toEqual([]);
  });

  it('finds a relative import into another folder, and ignores one that stays inside its own', () => {
    const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
    for (const folder of workspaceFolders) mkdirSync(join(root, folder, 'src'), { recursive: true });
    mkdirSync(join(root, 'scripts', 'lib'));
    // Quoted here so that this file's own text holds no import the check would find.
    const quoted = (path: string) => `'${path}'`;
    writeFileSync(
      join(root, 'shell/src/a.ts'),
      `import { b } from ${quoted('./b.ts')};\nexport { c } from ${quoted('../../scripts/lib/c.ts')};\n`,
    );
    writeFileSync(
      join(root, 'scripts/lib/d.ts'),
      `const e = await import(${quoted('../../mf-marketing/src/e.ts')});\n`,
    );
    expect(crossingImports(root)).toEqual([
      'scripts/lib/d.ts → mf-marketing/src/e.ts',
      'shell/src/a.ts → scripts/lib/c.ts',
    ]);
  });
});
