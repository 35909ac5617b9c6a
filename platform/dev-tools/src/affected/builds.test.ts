import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppBuild, entryFiles, readBuilds } from './builds.ts';

const blobOf = (text: string) =>
  execFileSync('git', ['hash-object', '--stdin'], { input: text }).toString().trim();

/** A workspace with a remote that has a build and an API that runs its source. */
function workspaceOnDisk() {
  const root = mkdtempSync(join(tmpdir(), 'affected-builds-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const sources: Record<string, string> = {
    'shared-content/src/portfolio/projects.ts': 'export const projects = [];\n',
    'shared-content/src/enquiry/schemas.ts':
      "import type { X } from '../portfolio/projects.ts';\nexport const a = 1;\n",
    'shared-content/src/site/routes.ts': 'export const routes = [];\n',
    'enquiry-api/src/main.ts':
      "import { a } from '../../shared-content/src/enquiry/schemas.ts';\nconsole.log(a);\n",
    'enquiry-api/src/cli/enquiries.ts': "import '../main.ts';\n",
  };
  for (const [path, text] of Object.entries(sources)) write(path, text);
  write('pnpm-workspace.yaml', 'packages:\n  - mf-portfolio\n');
  write('mf-portfolio/rsbuild.config.ts', 'export default {};\n');
  write(
    'enquiry-api/package.json',
    JSON.stringify({ scripts: { start: 'tsx src/main.ts', cli: 'tsx src/cli/enquiries.ts' } }),
  );
  const list = (environment: string, modules: string[]) =>
    write(
      `mf-portfolio/dist-modules/${environment}.json`,
      JSON.stringify({
        environment,
        modules,
        config: ['shared-content/src/site/routes.ts'],
        read: Object.fromEntries(
          [...modules, 'shared-content/src/site/routes.ts'].map((path) => [
            path,
            blobOf(sources[path] ?? ''),
          ]),
        ),
      }),
    );
  list('web', ['shared-content/src/portfolio/projects.ts']);
  list('node', ['shared-content/src/site/routes.ts']);
  const end = new Map(Object.entries(sources).map(([path, text]) => [path, blobOf(text)]));
  end.set('enquiry-api/package.json', 'whatever');
  return { root, end };
}

const apps = [
  { name: 'mf-portfolio', folder: 'mf-portfolio' },
  { name: 'enquiry-api', folder: 'enquiry-api' },
];

const modulesOf = (build: AppBuild | undefined) =>
  build?.state === 'read' ? [...build.modules].sort() : build;

describe('readBuilds', () => {
  const { root, end } = workspaceOnDisk();
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('joins the module lists of every environment an app’s build wrote', () => {
    const build = readBuilds(root, apps, end, 'HEAD').get('mf-portfolio');
    expect(modulesOf(build)).toEqual([
      'shared-content/src/portfolio/projects.ts',
      'shared-content/src/site/routes.ts',
    ]);
    expect(build?.state === 'read' && [...build.config]).toEqual(['shared-content/src/site/routes.ts']);
  });

  it('reads an app without a build from its entry files’ imports, leaving out type-only ones', () => {
    expect(modulesOf(readBuilds(root, apps, end, 'HEAD').get('enquiry-api'))).toEqual([
      'enquiry-api/src/cli/enquiries.ts',
      'enquiry-api/src/main.ts',
      'shared-content/src/enquiry/schemas.ts',
    ]);
  });

  it('does not trust a build of other sources than the range’s end, and names the file', () => {
    const later = new Map(end).set(
      'shared-content/src/site/routes.ts',
      blobOf('export const routes = [1];\n'),
    );
    expect(readBuilds(root, apps, later, 'feature').get('mf-portfolio')).toEqual({
      state: 'stale',
      note: 'its build is not of feature (shared-content/src/site/routes.ts differs)',
    });
  });

  it('says when an app has no build to read', () => {
    const missing = [{ name: 'mf-contact', folder: 'mf-contact' }];
    mkdirSync(join(root, 'mf-contact'));
    writeFileSync(join(root, 'mf-contact', 'rsbuild.config.ts'), 'export default {};\n');
    expect(readBuilds(root, missing, end, 'HEAD').get('mf-contact')).toEqual({
      state: 'none',
      note: 'no build to read (pnpm build writes mf-contact/dist-modules/)',
    });
  });
});

describe('entryFiles', () => {
  it('takes the files its scripts run with tsx and its exports', () => {
    expect(
      entryFiles({
        scripts: {
          dev: 'tsx watch src/main.ts',
          start: 'tsx src/main.ts',
          typecheck: 'tsc -p tsconfig.json',
        },
        exports: { './inbox': './src/store/read-inbox.ts' },
      }),
    ).toEqual(['src/main.ts', 'src/store/read-inbox.ts']);
  });
});
