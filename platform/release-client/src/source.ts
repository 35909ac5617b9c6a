/**
 * Where the build a release sends came from (issue 41, item 6): its commit, branch or tag, and who released it.
 * A CI's environment names them (platform-kit's releaseSourceSetting: AGENCY_RELEASE_*, GitHub Actions, GitLab
 * CI); a field it leaves out is read from git in the working copy the command was typed in: `git rev-parse HEAD`
 * (with `+dirty` when `git status` lists a change not committed), the branch or else a tag on HEAD, and
 * `git config user.name` (its user.email when no name is set). Outside a git working copy, or without git, a
 * field stays unset: the release goes out and names no source for it.
 */
import { execFileSync } from 'node:child_process';
import {
  type ReleaseSource,
  type ReleaseSourceField,
  releaseSourceGrammar,
} from 'build-config/release-protocol';
import type { ReleaseSourceSetting } from 'platform-kit/settings/release-client';

/** One line git printed, or undefined when git is missing, fails, or prints nothing. */
function git(folder: string, args: readonly string[]): string | undefined {
  try {
    const printed = execFileSync('git', ['-C', folder, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10_000,
    }).trim();
    return printed === '' ? undefined : printed;
  } catch {
    return undefined;
  }
}

/** What git says of the working copy at `folder`. */
export function sourceFromGit(folder: string): ReleaseSource {
  const head = git(folder, ['rev-parse', 'HEAD']);
  if (!head) return {};
  // Untracked files count: a new source file not committed is in the build too.
  const dirty = git(folder, ['status', '--porcelain']) !== undefined;
  const ref =
    git(folder, ['symbolic-ref', '--short', '-q', 'HEAD']) ??
    git(folder, ['describe', '--tags', '--exact-match', 'HEAD']);
  const author = git(folder, ['config', 'user.name']) ?? git(folder, ['config', 'user.email']);
  return {
    commit: dirty ? `${head}+dirty` : head,
    ...(ref ? { ref } : {}),
    ...(author ? { author } : {}),
  };
}

/**
 * Git's fields the service would refuse (a user.name with a character outside the grammar) are left out: what
 * git holds must not stop a release. A CI's variable is sent as it is, and a bad one is refused, naming it.
 */
function soundGitSource(source: ReleaseSource): ReleaseSource {
  return Object.fromEntries(
    Object.entries(source).filter(([field, value]) =>
      releaseSourceGrammar[field as ReleaseSourceField].pattern.test(value),
    ),
  );
}

/**
 * The source to send: the CI's variables first, field by field, then git. A commit the CI names that is the
 * working copy's HEAD gets git's `+dirty` too: a job that changed files after its checkout says so.
 */
export function readReleaseSource(folder: string, setting: ReleaseSourceSetting): ReleaseSource {
  const fromGit = soundGitSource(sourceFromGit(folder));
  const gitHead = fromGit.commit?.replace(/\+dirty$/, '');
  const commit =
    setting.commit !== undefined && setting.commit === gitHead
      ? fromGit.commit
      : (setting.commit ?? fromGit.commit);
  const ref = setting.ref ?? fromGit.ref;
  const author = setting.author ?? fromGit.author;
  return {
    ...(commit ? { commit } : {}),
    ...(ref ? { ref } : {}),
    ...(author ? { author } : {}),
  };
}
