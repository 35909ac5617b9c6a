/**
 * The files a git range changed, relative to the repository root: the one step of `pnpm affected` that asks
 * git. A range is `A..B`, `A...B` (since the merge base, as a pull request sees it) or one commit (that commit's
 * own changes, against its first parent).
 */
import { spawnSync } from 'node:child_process';
import { UsageError } from 'platform-kit/cli';

interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

function git(cwd: string, args: readonly string[], input?: string): GitResult {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`Could not run git: ${result.error.message}`);
  return { ok: result.status === 0, stdout: result.stdout, stderr: result.stderr.trim() };
}

/** The commit a revision names, or undefined when it names none. */
function commitOf(cwd: string, revision: string): string | undefined {
  const result = git(cwd, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${revision}^{commit}`]);
  return result.ok ? result.stdout.trim() : undefined;
}

/** A root commit's changes are all its files: compare it with the empty tree. */
function emptyTree(cwd: string): string {
  return git(cwd, ['hash-object', '-t', 'tree', '--stdin'], '').stdout.trim();
}

/** The commit an end of the range names; a usage error when it names none. */
function knownCommit(cwd: string, end: string, range: string): string {
  const commit = commitOf(cwd, end);
  if (commit) return commit;
  throw new UsageError(
    `Unknown commit "${end}" in the range "${range}". (A shallow clone may not have it: fetch more history.)`,
  );
}

/** What to hand `git diff`: the range itself, or one commit as its first parent (or the empty tree) and it. */
function diffArguments(range: string, cwd: string): string[] {
  if (range === '' || range.startsWith('-')) {
    throw new UsageError(
      `"${range}" is not a git range: give one such as origin/main...HEAD or HEAD~1..HEAD.`,
    );
  }
  const ends = range.split(/\.{2,3}/);
  if (ends.length > 2) throw new UsageError(`"${range}" is not a git range: it has more than two ends.`);
  const [from = '', to] = ends;
  if (to === undefined) {
    const commit = knownCommit(cwd, from, range);
    return [commitOf(cwd, `${commit}^1`) ?? emptyTree(cwd), commit];
  }
  // An empty end means HEAD to git (main.. is main..HEAD).
  for (const end of [from, to]) if (end !== '') knownCommit(cwd, end, range);
  return [range];
}

/**
 * Every path the range touched, sorted. --no-renames lists a renamed file as deleted and added, so its old
 * and its new path both count (a move from one package to another affects both). -z leaves unusual names
 * unquoted.
 */
export function changedFiles(range: string, cwd: string): string[] {
  const repository = git(cwd, ['rev-parse', '--git-dir']);
  if (!repository.ok) throw new Error(`${cwd} is not in a git repository (${repository.stderr}).`);
  const args = diffArguments(range, cwd);
  const result = git(cwd, ['diff', '--name-only', '--no-renames', '-z', ...args, '--']);
  // Both ends are commits by now; what fails here is a range git cannot diff, such as A...B without a merge base.
  if (!result.ok) throw new UsageError(`git cannot diff "${range}": ${result.stderr.split('\n')[0]}`);
  return [...new Set(result.stdout.split('\0').filter((path) => path !== ''))].sort();
}

/** The revision a range ends at, whose tree a build is compared with: B in A..B or A...B (HEAD when empty). */
export function rangeEnd(range: string): string {
  const ends = range.split(/\.{2,3}/);
  return ends.length === 1 ? range : ends[1] || 'HEAD';
}

/** Every file of a revision with its Git blob id, by path. */
export function blobsAt(revision: string, cwd: string): Map<string, string> {
  const result = git(cwd, ['ls-tree', '-r', '-z', '--full-tree', '--end-of-options', revision]);
  if (!result.ok)
    throw new UsageError(`git cannot list the files of "${revision}": ${result.stderr.split('\n')[0]}`);
  const blobs = new Map<string, string>();
  for (const entry of result.stdout.split('\0')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(entry);
    if (match?.[1] && match[2]) blobs.set(match[2], match[1]);
  }
  return blobs;
}
