/**
 * Issue 43, item 1: what a team's `pnpm release` loads holds no server, deploy-writing, prerender or Hono code.
 * esbuild resolves each entry's imports as Node would (the workspace's packages through their `exports`) and
 * records them; the walk below follows only the imports that load when the file loads (static ones), so the
 * host-only code the command line reaches by `import()` on the host (the operator key, a service for one
 * command, `release key`) does not count. Third-party packages are left unbundled and named.
 */
import { dirname, join, relative, resolve } from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');

/** Workspace files are followed; a file of an installed package stays external, named by its import. */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(setup) {
    setup.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined;
      const found = await setup.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      if (found.errors.length > 0 || found.path.includes(`${join('node_modules', '.pnpm')}`))
        return { path: args.path, external: true };
      return found;
    });
  },
};

/** The workspace files and third-party packages an entry loads with it (static imports only), from the root. */
async function loadedWith(entry: string) {
  const result = await build({
    entryPoints: [join(repoRoot, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    outdir: join(repoRoot, '.data', 'closure'),
    logLevel: 'silent',
    plugins: [thirdPartyExternal],
    // What the host-only code reaches by import() includes the remotes' sources, with their assets.
    loader: Object.fromEntries(
      ['.svg', '.png', '.webp', '.jpg', '.woff2', '.css'].map((type) => [type, 'empty']),
    ),
  });
  const inputs: Metafile['inputs'] = result.metafile.inputs;
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [relative(process.cwd(), join(repoRoot, entry))];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const imported of inputs[file]?.imports ?? []) {
      if (imported.kind === 'dynamic-import') continue;
      if (imported.external)
        packages.add(
          imported.path
            .split('/')
            .slice(0, imported.path.startsWith('@') ? 2 : 1)
            .join('/'),
        );
      else queue.push(imported.path);
    }
  }
  const fromRoot = [...files].map((file) => relative(repoRoot, resolve(process.cwd(), file)));
  return { files: fromRoot, packages: [...packages].filter((name) => !name.startsWith('node:')) };
}

const serverFolders = [
  'platform/releases/',
  'platform/release-service/',
  'platform/pages/',
  'platform/hosting/',
  'enquiry-api/',
  'shell/',
];
const serverPackages = [
  'hono',
  '@hono/node-server',
  'site-node-server',
  'playwright-core',
  'p-queue',
  'site-pages',
  'site-hosting',
];

describe('what a team’s release command loads', () => {
  it.each([
    'platform/release-client/src/commands.ts',
    'platform/release-client/src/connection.ts',
    'platform/release-client/src/dev-against.ts',
    'platform/release-client/src/log.ts',
    'platform/release-client/src/watch.ts',
    // The command line as `pnpm release` and `pnpm rollback` run it, from its first file.
    'platform/cli/src/main.ts',
    // main.ts loads the program by import() once AGENCY_PORT_BASE is checked: followed from there too.
    'platform/cli/src/program.ts',
    'platform/cli/src/release.ts',
    'platform/cli/src/rollback.ts',
  ])('%s: no server, deploy-writing, prerender or Hono code', async (entry) => {
    const { files, packages } = await loadedWith(entry);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((file) => serverFolders.some((folder) => file.startsWith(folder)))).toEqual([]);
    expect(packages.filter((name) => serverPackages.includes(name))).toEqual([]);
  });

  it('sees what it is looking for: the service’s own entry loads Hono and the deploy writers', async () => {
    const { files, packages } = await loadedWith('platform/release-service/src/server.ts');
    expect(packages).toContain('hono');
    expect(files).toContain('platform/deploy-folder/src/publish.ts');
    expect(files.some((file) => file.startsWith('platform/pages/'))).toBe(true);
    expect(dirname(files[0] ?? '')).toBe('platform/release-service/src');
  });
});
