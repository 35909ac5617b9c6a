import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releaseSourceSetting } from 'platform-kit/settings/release-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readReleaseSource, sourceFromGit } from './source.ts';

/** A real git working copy in a temporary folder, with one commit on `main` by Jane Doe. */
let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

// Only the working copy's own configuration counts: a user.name in this machine's ~/.gitconfig must not.
const isolation = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const saved = Object.fromEntries(Object.keys(isolation).map((name) => [name, process.env[name]]));
beforeAll(() => Object.assign(process.env, isolation));
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

beforeEach(() => {
  repo = mkdtempSync(join(tmpdir(), 'release-source-'));
  git('init', '--quiet', '--initial-branch=main');
  git('config', 'user.name', 'Jane Doe');
  git('config', 'user.email', 'jane@example.com');
  git('config', 'commit.gpgsign', 'false');
  writeFileSync(join(repo, 'a.txt'), 'one\n');
  git('add', 'a.txt');
  git('commit', '--quiet', '-m', 'one');
});
afterEach(() => rmSync(repo, { recursive: true, force: true }));

describe('the source of a release, read from git', () => {
  it('names HEAD, the branch and the git user of a clean working copy', () => {
    expect(sourceFromGit(repo)).toEqual({
      commit: git('rev-parse', 'HEAD'),
      ref: 'main',
      author: 'Jane Doe',
    });
  });

  it('says +dirty for a change not committed, a new file too', () => {
    const head = git('rev-parse', 'HEAD');
    writeFileSync(join(repo, 'a.txt'), 'two\n');
    expect(sourceFromGit(repo).commit).toBe(`${head}+dirty`);
    git('checkout', '--quiet', '--', 'a.txt');
    expect(sourceFromGit(repo).commit).toBe(head);
    writeFileSync(join(repo, 'new.ts'), 'export {};\n');
    expect(sourceFromGit(repo).commit).toBe(`${head}+dirty`);
  });

  it('names a tag on a detached HEAD, and no ref without one', () => {
    git('tag', 'v1.2.0');
    git('checkout', '--quiet', '--detach', 'HEAD');
    expect(sourceFromGit(repo).ref).toBe('v1.2.0');
    git('tag', '-d', 'v1.2.0');
    expect(sourceFromGit(repo)).not.toHaveProperty('ref');
  });

  it('falls back to the git user e-mail when no name is set', () => {
    git('config', '--unset', 'user.name');
    expect(sourceFromGit(repo).author).toBe('jane@example.com');
  });

  it("leaves out a git field the service would refuse, and keeps a CI's as it is", () => {
    git('config', 'user.name', 'Jane\tDoe');
    expect(readReleaseSource(repo, {})).not.toHaveProperty('author');
    expect(readReleaseSource(repo, { author: 'Jane\tDoe' }).author).toBe('Jane\tDoe');
  });

  it('names nothing outside a git working copy', () => {
    const plain = mkdtempSync(join(tmpdir(), 'release-source-plain-'));
    try {
      expect(sourceFromGit(plain)).toEqual({});
      expect(readReleaseSource(plain, {})).toEqual({});
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe("the source of a release, from a CI's environment", () => {
  it('takes GitHub Actions variables over git, field by field', () => {
    const setting = releaseSourceSetting({ GITHUB_SHA: 'a'.repeat(40), GITHUB_ACTOR: 'octocat' });
    expect(readReleaseSource(repo, setting)).toEqual({
      commit: 'a'.repeat(40),
      ref: 'main',
      author: 'octocat',
    });
  });

  it("takes GitLab CI's, and the project's own over both", () => {
    const gitlab = {
      CI_COMMIT_SHA: 'b'.repeat(40),
      CI_COMMIT_REF_NAME: 'release/7',
      GITLAB_USER_LOGIN: 'lab',
    };
    expect(releaseSourceSetting(gitlab)).toEqual({ commit: 'b'.repeat(40), ref: 'release/7', author: 'lab' });
    const own = { ...gitlab, GITHUB_ACTOR: 'octocat', AGENCY_RELEASE_AUTHOR: 'Release Bot' };
    expect(releaseSourceSetting(own).author).toBe('Release Bot');
  });

  it("adds +dirty to the CI's commit when it is the working copy's HEAD and files changed", () => {
    const head = git('rev-parse', 'HEAD');
    writeFileSync(join(repo, 'a.txt'), 'changed by the job\n');
    expect(readReleaseSource(repo, { commit: head }).commit).toBe(`${head}+dirty`);
    expect(readReleaseSource(repo, { commit: 'c'.repeat(40) }).commit).toBe('c'.repeat(40));
  });
});
