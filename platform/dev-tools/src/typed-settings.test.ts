/**
 * Settings are parsed once, into a typed object (issue 43, item 4): a process's entry parses its environment with
 * the settings modules (platform-kit/settings/*) and hands the library the typed settings, or the fields it needs.
 * In the packages listed below (every platform package but the command line's, and build-config), no library
 * function, method or options field takes the raw environment (`NodeJS.ProcessEnv`, or the settings' `Env`), except
 * - the settings parsers themselves, which turn an environment into settings, and
 * - the environment a child process is started with, always named `childEnv`, in the modules listed below.
 * The command line's modules that are no process's entry are held too.
 * process-environment.test.ts holds the other half: only the entries read `process.env`.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The packages whose library takes typed settings: every platform package but the command line (platform/cli, whose
 * entries parse the environment; its other modules are heldModules), and build-config.
 */
const convertedPackages = [
  'platform/kit',
  'platform/deploy-model',
  'platform/deploy-folder',
  'platform/release-client',
  'platform/pages',
  'build-config',
  'platform/hosting',
  'platform/bench',
  'platform/dev-tools',
  'platform/releases',
  'platform/environments',
  'platform/release-service',
];

/** Modules of the command line that are no process's entry, held as the converted packages are. */
const heldModules = ['platform/cli/src/local-service.ts'];

/** The modules that parse an environment into settings: their functions take it, by definition. */
const settingsParsers: Record<string, string> = {
  'platform/kit/src/settings/read.ts': 'reads one variable, parses a schema',
  'platform/kit/src/settings/hosts.ts':
    "the static hosts' settings, embedded and nginx, and the services' addresses",
  'platform/kit/src/settings/site.ts':
    "the composed site's settings (and staging's environment, for its children)",
  'platform/kit/src/settings/release-service.ts': "the release service's settings",
  'platform/kit/src/settings/release-client.ts': "the release client's settings",
  'platform/kit/src/settings/tools.ts': "the test runner's, the bench's and the dev servers' settings",
  'platform/bench/src/settings.ts':
    "the bench's settings: the environment its site runs in (its own folders), and that environment parsed",
  'platform/deploy-model/src/canary/rules.ts': 'the canary rules (AGENCY_CANARY_*), beside their defaults',
  'build-config/src/topology.ts':
    'AGENCY_PORT_BASE, read from the environment its caller hands in (originAt and portAt take a base already read)',
  'build-config/src/build-settings.ts': "an app build's settings, parsed by its rsbuild.config.ts",
  'platform/deploy-model/src/change-settings.ts': "a change's settings, composed of the modules above",
  'platform/environments/src/environment-settings.ts': "production's and staging's change settings",
  'platform/release-service/src/service-settings.ts':
    "the release service's settings, both environments' with them",
};

/** The modules that start a child process with an environment of its own (`childEnv`), and why it needs one. */
const childHandoffs: Record<string, string> = {
  'platform/kit/src/run.ts':
    'run and runPnpm spawn a command (pnpm builds and tests read their own settings)',
  'platform/kit/src/chromium.ts': 'apt-get installs Chromium, with its PATH and DEBIAN_FRONTEND',
  'platform/kit/src/debian-tools.ts': 'the probes (command -v, java -version) and apt-get run with the PATH',
  'platform/kit/src/enquiry-api.ts': 'the enquiry API is a process of its own and parses its own settings',
  'platform/hosting/src/nginx/serve.ts':
    'apt-get installs nginx (ensureNginx), with the PATH and DEBIAN_FRONTEND',
  'platform/release-client/src/dev-against.ts':
    "the remote's dev server reads its ports from its environment",
  'platform/release-service/src/operation.ts':
    "each change runs in a child process (operation-main.ts) that parses the service's settings itself",
  'platform/release-service/src/server.ts':
    "the service hands its changes' children the environment it was started with",
  'platform/release-service/src/local-service.ts':
    "a command's service for one change hands its children the command's environment",
  'platform/cli/src/local-service.ts':
    "the release service started for one command parses its settings from the command's environment, and hands it to its change's child",
};

/** Each place in `source` that takes an environment: a parameter or a field typed NodeJS.ProcessEnv or Env. */
function environmentTakers(source: string): { name: string; line: number }[] {
  const file = ts.createSourceFile('module.ts', source, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isParameter(node) || ts.isPropertySignature(node) || ts.isPropertyDeclaration(node)) &&
      node.type !== undefined &&
      /^(NodeJS\.ProcessEnv|Env)$/.test(node.type.getText(file))
    ) {
      found.push({
        name: node.name.getText(file),
        line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const libraryModules = execFileSync(
  'git',
  ['ls-files', '--cached', '--others', '--exclude-standard', ...convertedPackages, ...heldModules],
  { cwd: repoRoot, encoding: 'utf8' },
)
  .split('\n')
  .filter((path) => /\/src\/.*\.ts$/.test(path) && !/\.test\.ts$/.test(path));

describe('the converted packages take typed settings', () => {
  it('take no environment but a child process’s (childEnv), outside the settings parsers', () => {
    const takers = libraryModules
      .filter((path) => settingsParsers[path] === undefined)
      .flatMap((path) =>
        environmentTakers(readFileSync(join(repoRoot, path), 'utf8')).map((taker) => ({ path, ...taker })),
      );
    const raw = takers
      .filter((taker) => taker.name !== 'childEnv')
      .map((t) => `${t.path}:${t.line} ${t.name}`);
    expect(raw).toEqual([]);
    const handing = [...new Set(takers.map((taker) => taker.path))].sort();
    expect(handing).toEqual(Object.keys(childHandoffs).sort());
  });

  it('hold every platform package but the command line', () => {
    const platformPackages = readdirSync(join(repoRoot, 'platform'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'cli')
      .map((entry) => `platform/${entry.name}`);
    expect(convertedPackages.filter((path) => path.startsWith('platform/')).sort()).toEqual(
      platformPackages.sort(),
    );
  });

  it('list only modules that exist', () => {
    for (const path of [...Object.keys(settingsParsers), ...Object.keys(childHandoffs)])
      expect(libraryModules, path).toContain(path);
  });

  it('catch a library function that takes the environment, under any name but childEnv', () => {
    expect(environmentTakers('export function f(env: NodeJS.ProcessEnv) {}')).toEqual([
      { name: 'env', line: 1 },
    ]);
    expect(environmentTakers('export const f = (x: number,\n  env?: Env) => x;')).toEqual([
      { name: 'env', line: 2 },
    ]);
    expect(environmentTakers('interface Options { env: NodeJS.ProcessEnv }')).toEqual([
      { name: 'env', line: 1 },
    ]);
    expect(
      environmentTakers('export function f(site: SiteSettings, childEnv: NodeJS.ProcessEnv) {}'),
    ).toEqual([{ name: 'childEnv', line: 1 }]);
    expect(environmentTakers('export function f(site: Pick<SiteSettings, "portBase">) {}')).toEqual([]);
  });
});
