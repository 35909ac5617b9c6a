/**
 * Settings and arguments are parsed once, at the edge (issue 43, item 4): a process's entry reads its environment
 * and hands it down; no library function reads `process.env` or falls back to it, and none parses argv. A test helper (a package's `testing/`
 * folder) runs in the test's own process and may read the test's environment.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';

/** The entries of the platform's processes, which read the environment they were started with, and which process. */
const entries: Record<string, string> = {
  'platform/cli/bootstrap.mjs': 'the program, before tsx: how pnpm was reached (AGENCY_PNPM)',
  'platform/cli/src/main.ts': 'the program: checks AGENCY_PORT_BASE first',
  'platform/cli/src/dev.ts': 'pnpm dev',
  'platform/cli/src/generate-og-image.ts': 'pnpm og-image',
  'platform/cli/src/nginx-config.ts': 'pnpm nginx-config',
  'platform/cli/src/program.ts': 'pnpm bench and pnpm bench:hosts',
  'platform/cli/src/release-program.ts': 'pnpm release: where it was typed (INIT_CWD)',
  'platform/cli/src/release-service.ts': 'pnpm release-service',
  'platform/cli/src/release.ts': 'pnpm release',
  'platform/cli/src/rollback.ts': 'pnpm rollback',
  'platform/cli/src/start.ts': 'npm start',
  'platform/cli/src/test-e2e.ts': 'pnpm test:e2e',
  'platform/cli/src/test.ts': 'npm test',
  'platform/pages/src/prerender/worker.ts': "the prerender's worker process",
  'platform/release-service/src/operation-main.ts': "a release operation's child process",
  'platform/releases/src/release-gates/node-worker.ts': "the release gates' Node render process",
};

/** The processes that read their argv: the program (commander, from main.ts), and the workers, their request. */
const argvReaders: Record<string, string> = {
  'platform/cli/bootstrap.mjs': 'the program, before tsx',
  'platform/cli/src/main.ts': 'the program: commander reads argv once',
  'platform/pages/src/prerender/worker.ts': "the prerender's worker: its deploy and pages",
  'platform/releases/src/canary/synthetic-worker.ts': "the synthetic visit's worker: its request as JSON",
  'platform/releases/src/release-gates/chromium-worker.ts': "the gates' Chromium worker: its request as JSON",
  'platform/releases/src/release-gates/node-worker.ts': "the gates' Node worker: its request as JSON",
};

const readsArgv = /\bprocess\.argv\b|\bparseArgs\(/;

const readsProcessEnvironment = /\bprocess\.env\b|\bprocessEnvironment\b/;

const libraryModules = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', 'platform'],
  {
    cwd: repoRoot,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter(
    (path) =>
      /\.(ts|mjs)$/.test(path) && !/\.test\.ts$/.test(path) && !/^platform\/[^/]+\/testing\//.test(path),
  );

describe("the platform's library modules", () => {
  it("never read the process's environment: only the entries named do, and hand it down", () => {
    const readers = libraryModules.filter((path) =>
      readsProcessEnvironment.test(readFileSync(join(repoRoot, path), 'utf8')),
    );
    expect(readers.sort()).toEqual(Object.keys(entries).sort());
  });

  it('never parse argv: only the program and the workers read theirs', () => {
    const readers = libraryModules.filter((path) =>
      readsArgv.test(readFileSync(join(repoRoot, path), 'utf8')),
    );
    expect(readers.sort()).toEqual(Object.keys(argvReaders).sort());
  });

  it('catch a library function that defaults to the environment', () => {
    expect(readsProcessEnvironment.test('export function f(env = process.env) {}')).toBe(true);
    expect(readsProcessEnvironment.test('const env = options.env ?? processEnvironment();')).toBe(true);
    expect(readsProcessEnvironment.test('export function f(env: NodeJS.ProcessEnv) {}')).toBe(false);
  });
});
