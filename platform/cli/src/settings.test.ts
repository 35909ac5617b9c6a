import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canaryCheckSeconds, canaryRulesFromEnv, vitalsRulesFromEnv } from 'deploy-model/canary/rules';
import { loadReleaseClientSettings } from 'platform-kit/settings/release-client';
import { loadReleaseServiceSettings } from 'platform-kit/settings/release-service';
import { loadSiteSettings } from 'platform-kit/settings/site';
import { loadToolSettings } from 'platform-kit/settings/tools';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const settingsTable = join(repoRoot, 'docs/settings.md');

/** The modules that read the platform's variables: one per process, and the canary rules beside their defaults. */
const settingsModules = [
  'platform/deploy-model/src/canary/rules.ts',
  'platform/kit/src/settings/read.ts',
  'platform/kit/src/settings/release-client.ts',
  'platform/kit/src/settings/release-service.ts',
  'platform/kit/src/settings/site.ts',
  'platform/kit/src/settings/tools.ts',
];

/**
 * Modules that may still touch the environment, and why. Each copies it into a child process's or a started
 * service's environment (setting a variable there is the way to configure that process), or is a test's helper.
 */
const exceptions: Record<string, string> = {
  'platform/bench/src/settings.ts': "the bench's child processes get their own deploy and data folders",
  'platform/cli/bootstrap.mjs': 'tells the scripts it starts how pnpm was reached (AGENCY_PNPM)',
  'platform/cli/src/dev.ts': 'the dev servers get their own port base and data folder',
  'platform/cli/src/start.ts': 'the API and the release service get their proxy, health URL and environment',
  'platform/cli/src/test.ts': 'the e2e run gets the browser found (CHROME_PATH)',
  'platform/kit/testing/hostile-attempts.ts':
    "a test helper: plays a team's code that reads the whole environment, to show the sandbox gives it none",
  'platform/kit/testing/tools.ts':
    "a test helper: asks the test process's own environment whether it runs in CI",
  'platform/releases/testing/fixtures.ts': "a test helper: the API it starts gets the tests' settings",
  'platform/release-service/testing/service.ts':
    "a test helper: the service it starts gets the tests' settings",
  'platform/cli/src/nginx-config.ts': "an entry: hands the process's environment to the library",
  'platform/cli/src/release-service.ts': "an entry: hands the process's environment to the service",
  'platform/cli/src/generate-og-image.ts':
    "an entry: hands the process's environment to Chromium's finder and run",
  'platform/cli/src/test-e2e.ts': "an entry: hands the process's environment to Playwright's run",
  'platform/cli/src/main.ts':
    "the entry: checks AGENCY_PORT_BASE, which every command's ports and helps read",
  'platform/cli/src/program.ts': "an entry: hands the process's environment to the bench",
  'platform/cli/src/release-program.ts': 'an entry: where pnpm release was typed (INIT_CWD), for --build-dir',
  'platform/cli/src/release.ts': "an entry: hands the process's environment to the client",
  'platform/cli/src/rollback.ts': "an entry: hands the process's environment to the client",
  'platform/pages/src/prerender/worker.ts':
    "an entry: the prerender's process hands its environment to the fetch",
  'platform/release-service/src/operation-main.ts':
    "an entry: an operation's child process hands the service's environment to the change",
  'platform/releases/src/release-gates/node-worker.ts':
    "an entry: the gates' render process hands its environment to the fetch",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * `process.env` at all, or a variable read off an environment object (`env.NAME`, `env[name]`). Not a Hono
 * context's `c.env`: the bindings a server hands its middlewares (the static host's request and file), no variable.
 */
const readsEnvironment = /\bprocess\.env\b|(?<![\w$]|\bc\.)env\??\.(?!\.)[A-Za-z_]\w*|(?<![\w$]|\bc\.)env\[/;

/** An environment that records every variable asked for, with the optional parts set so theirs are asked too. */
function recordingEnvironment() {
  const asked = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(target, name) {
      if (typeof name === 'string') asked.add(name);
      return target[name as string];
    },
  });
  return { env, asked };
}

/** The first column of docs/settings.md's table, for the rows whose process column names a platform process. */
function documentedVariables(): string[] {
  const text = readFileSync(settingsTable, 'utf8');
  const platformProcess = /composed site|release service|release client|test runner|bench|dev servers/;
  return [...text.matchAll(/^\|\s*`([A-Za-z_]+)`\s*\|([^|]*)\|/gm)]
    .filter((match) => platformProcess.test(match[2] ?? ''))
    .map((match) => match[1] ?? '');
}

describe('the platform settings modules', () => {
  it('are the only platform modules that read the environment, but for the exceptions named', () => {
    const readers = sourceFiles(join(repoRoot, 'platform'))
      .filter((file) => readsEnvironment.test(readFileSync(file, 'utf8')))
      .map((file) => relative(repoRoot, file))
      .sort();
    expect(readers).toEqual([...settingsModules, ...Object.keys(exceptions)].sort());
  });

  it('read exactly the variables docs/settings.md lists for a platform process', () => {
    const { env, asked } = recordingEnvironment();
    loadSiteSettings(env);
    loadReleaseServiceSettings(env);
    loadReleaseClientSettings(env);
    loadToolSettings(env);
    canaryRulesFromEnv(env);
    vitalsRulesFromEnv(env);
    canaryCheckSeconds(env);
    expect([...asked].sort()).toEqual([...documentedVariables()].sort());
  });
});
