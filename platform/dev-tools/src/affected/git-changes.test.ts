import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { UsageError } from 'platform-kit/cli';
import { afterAll, describe, expect, it } from 'vitest';
import { blobsAt, changedFiles, rangeEnd } from './git-changes.ts';

/** A repository of three commits: the first adds three files, the second edits one, the third moves one. */
function repositoryWithHistory(): string {
  const root = mkdtempSync(join(tmpdir(), 'affected-git-'));
  // Its own identity and no signing, whatever the machine's git config says.
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, stdio: 'pipe' },
    );
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  git('init', '--quiet');
  write('README.md', '# test\n');
  write('mf-portfolio/src/filtering.ts', 'export const a = 1;\n');
  write('shared-content/src/accordion.ts', 'export const b = 2;\n');
  git('add', '--all');
  git('commit', '--quiet', '-m', 'first');
  write('mf-portfolio/src/filtering.ts', 'export const a = 3;\n');
  git('commit', '--quiet', '--all', '-m', 'edit');
  mkdirSync(join(root, 'mf-contact/src'), { recursive: true });
  renameSync(join(root, 'shared-content/src/accordion.ts'), join(root, 'mf-contact/src/accordion.ts'));
  git('add', '--all');
  git('commit', '--quiet', '-m', 'move');
  return root;
}

describe('changedFiles', () => {
  const root = repositoryWithHistory();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists what a real range changed, a renamed file under both its paths', () => {
    expect(changedFiles('HEAD~2..HEAD', root)).toEqual([
      'mf-contact/src/accordion.ts',
      'mf-portfolio/src/filtering.ts',
      'shared-content/src/accordion.ts',
    ]);
    expect(changedFiles('HEAD~2...HEAD', root)).toEqual(changedFiles('HEAD~2..HEAD', root));
    expect(changedFiles('HEAD~1..', root)).toEqual([
      'mf-contact/src/accordion.ts',
      'shared-content/src/accordion.ts',
    ]);
  });

  it('takes one commit as its own changes, a root commit as all its files', () => {
    expect(changedFiles('HEAD~1', root)).toEqual(['mf-portfolio/src/filtering.ts']);
    expect(changedFiles('HEAD~2', root)).toEqual([
      'README.md',
      'mf-portfolio/src/filtering.ts',
      'shared-content/src/accordion.ts',
    ]);
  });

  it.each([
    ['nope..HEAD', 'Unknown commit "nope" in the range "nope..HEAD".'],
    ['HEAD~9..HEAD', 'Unknown commit "HEAD~9" in the range "HEAD~9..HEAD".'],
    ['HEAD~3', 'Unknown commit "HEAD~3" in the range "HEAD~3".'],
    ['HEAD~2..HEAD~1..HEAD', 'it has more than two ends'],
    ['--output=/tmp/x', '"--output=/tmp/x" is not a git range'],
  ])('refuses the bad range %s as a usage error', (range, message) => {
    expect(() => changedFiles(range, root)).toThrow(UsageError);
    expect(() => changedFiles(range, root)).toThrow(message);
  });

  it('says so outside a git repository', () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'affected-no-git-'));
    expect(() => changedFiles('HEAD~1..HEAD', elsewhere)).toThrow(/is not in a git repository/);
    rmSync(elsewhere, { recursive: true });
  });
});

describe('rangeEnd and blobsAt', () => {
  const root = repositoryWithHistory();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('ends a range where its change leaves the repository', () => {
    expect(rangeEnd('main...feature')).toBe('feature');
    expect(rangeEnd('HEAD~2..HEAD~1')).toBe('HEAD~1');
    expect(rangeEnd('main..')).toBe('HEAD');
    expect(rangeEnd('abc123')).toBe('abc123');
  });

  it('gives each file of a revision its blob id, as git hash-object computes it', () => {
    const blobs = blobsAt('HEAD~1', root);
    expect([...blobs.keys()].sort()).toEqual([
      'README.md',
      'mf-portfolio/src/filtering.ts',
      'shared-content/src/accordion.ts',
    ]);
    const edited = execFileSync('git', ['hash-object', '--stdin'], { input: 'export const a = 3;\n' });
    expect(blobs.get('mf-portfolio/src/filtering.ts')).toBe(edited.toString().trim());
    expect(blobsAt('HEAD', root).has('shared-content/src/accordion.ts')).toBe(false);
  });
});
