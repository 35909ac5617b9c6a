import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { pnpmCommandProblems } from './docs-commands.ts';

const { packageManager } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  packageManager: string;
};
const version = packageManager.replace(/^pnpm@/, '');

/** Every Markdown file of the repository (tracked or new, never ignored ones such as node_modules). */
function documents(): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.md'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  return listed.split('\n').filter(Boolean);
}

describe('the documented way to get the project pnpm', () => {
  it('reads the version from package.json', () => {
    expect(packageManager).toMatch(/^pnpm@\d+\.\d+\.\d+$/);
  });

  it('refuses an install through a bare npx pnpm, one without --yes, or another pnpm', () => {
    expect(pnpmCommandProblems('run `npx pnpm install` there', '10.34.9')).toEqual([
      'line 1: "npx pnpm install" should be "npx --yes pnpm@10.34.9 install"',
    ]);
    expect(pnpmCommandProblems('npx pnpm@10.34.9 i', '10.34.9')).toHaveLength(1);
    expect(pnpmCommandProblems('npx -y pnpm@10 install --frozen-lockfile', '10.34.9')).toHaveLength(2);
    expect(pnpmCommandProblems('- run: npx --yes pnpm@12.21.0 install', '10.34.9')).toHaveLength(2);
  });

  it('accepts the documented install and npx pnpm once installed', () => {
    const text =
      'npx --yes pnpm@10.34.9 install --frozen-lockfile\nnpx pnpm build\nnpx pnpm release mf-contact';
    expect(pnpmCommandProblems(text, '10.34.9')).toEqual([]);
  });

  it('holds README.md, docs/ and every package README to it', () => {
    const files = documents();
    expect(files).toContain('README.md');
    expect(files).toContain('docs/how-to/release-from-ci.md');
    const problems = files.flatMap((file) =>
      pnpmCommandProblems(readFileSync(join(repoRoot, file), 'utf8'), version).map(
        (problem) => `${file} ${problem}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('npx pnpm runs the project pnpm once installed, from the root and from a package folder', () => {
    for (const folder of [repoRoot, join(repoRoot, 'mf-contact')]) {
      const printed = execFileSync('npx', ['pnpm', '--version'], { cwd: folder, encoding: 'utf8' });
      expect(printed.trim()).toBe(version);
    }
  });
});
