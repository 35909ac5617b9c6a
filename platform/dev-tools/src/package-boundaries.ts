/**
 * The rules that keep the workspace's rooms apart, checked by package-boundaries.test.ts:
 * - packages talk to each other through their package.json exports, never by a relative path into another
 *   package's folder (such an import holds only while the folders sit side by side, and it reaches past what
 *   the other package offers);
 * - a package imports only the workspace packages its package.json names;
 * - the platform's packages depend one way, each only on the ones below it in `platformLayers`, and no product
 *   package depends on the platform;
 * - inside a package, folders import one another one way too (a file cycle is Biome's noImportCycles).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Workspace } from './affected/workspace.ts';

/**
 * The platform's packages from the bottom up: each may depend on those before it, never on itself or those
 * after it. Tests count too: a test that needs a higher layer lives in that layer.
 */
export const platformLayers = [
  'platform-kit',
  'deploy-model',
  'deploy-folder',
  'release-client',
  'site-pages',
  'site-hosting',
  'releases',
  'site-environments',
  'release-service',
  'site-bench',
  'dev-tools',
  'site-cli',
] as const;

const sourceFile = /\.(ts|tsx|mts|mjs|js)$/;
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'dist-server',
  'dist-one-bundle',
  'dist-one-bundle-server',
  'dist-modules',
]);
/** import … from '…', export … from '…', import('…'), and side-effect imports. */
const importSpecifier = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"\n]+)['"]/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skippedFolders.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (sourceFile.test(entry.name)) yield path;
  }
}

/**
 * A source file without its comments, where an import quoted as an example is no import: comment lines, and
 * a trailing "// …" after a space (a URL's "://" has no space before it).
 */
const withoutComments = (source: string) =>
  source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .map((line) => line.replace(/\s\/\/\s.*$/, ''))
    .join('\n');

/** Every import specifier of every source file of a package: [file relative to the root, specifier]. */
function* importsOf(root: string, folder: string): Generator<[string, string]> {
  for (const file of sourceFiles(join(root, folder))) {
    for (const [, specifier = ''] of withoutComments(readFileSync(file, 'utf8')).matchAll(importSpecifier)) {
      yield [relative(root, file), specifier];
    }
  }
}

const inside = (path: string, folder: string) => path === folder || path.startsWith(`${folder}${sep}`);

/** "file → target", both relative to the repository, for every relative import that leaves its package. */
export function crossingImports(root: string, workspace: Workspace): string[] {
  const crossings: string[] = [];
  for (const { folder } of workspace.packages) {
    for (const [file, specifier] of importsOf(root, folder)) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(root, resolve(root, dirname(file), specifier));
      if (!inside(target, folder) && !target.startsWith('..')) crossings.push(`${file} → ${target}`);
    }
  }
  return crossings.sort();
}

/** "file → package" for every import of a workspace package that the importer's package.json does not name. */
export function undeclaredImports(root: string, workspace: Workspace): string[] {
  const names = new Set(workspace.packages.map(({ name }) => name));
  const found: string[] = [];
  for (const { name, folder, dependsOn } of workspace.packages) {
    for (const [file, specifier] of importsOf(root, folder)) {
      const target = specifier.split('/')[0] ?? '';
      if (names.has(target) && target !== name && !dependsOn.includes(target)) {
        found.push(`${file} → ${target}`);
      }
    }
  }
  return [...new Set(found)].sort();
}

/** "package → package" for every dependency against the platform's layering. */
export function layeringViolations(workspace: Workspace): string[] {
  const layer = new Map<string, number>(platformLayers.map((name, index) => [name, index]));
  const violations: string[] = [];
  for (const { name, dependsOn } of workspace.packages) {
    const own = layer.get(name);
    for (const target of dependsOn) {
      const theirs = layer.get(target);
      if (theirs === undefined) continue;
      // The e2e suite drives the platform from outside, as an operator would: it may use any of it.
      const allowed = own === undefined ? name === workspace.suite : theirs < own;
      if (!allowed) violations.push(`${name} → ${target}`);
    }
  }
  return violations.sort();
}

const testFile = /\.test\.tsx?$/;

/**
 * Cycles among the folders of one package, each written "a → b → a" with folders relative to the package. A
 * test may reach into any folder of its package for fixtures: nothing imports a test, so it starts no cycle.
 */
export function folderCycles(root: string, folder: string): string[] {
  const edges = new Map<string, Set<string>>();
  for (const [file, specifier] of importsOf(root, folder)) {
    if (!specifier.startsWith('.') || testFile.test(file)) continue;
    const from = relative(folder, dirname(file)) || '.';
    const to = relative(folder, dirname(relative(root, resolve(root, dirname(file), specifier)))) || '.';
    if (from === to || to.startsWith('..')) continue;
    edges.set(from, (edges.get(from) ?? new Set()).add(to));
  }
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (node: string, path: string[]) => {
    state.set(node, 'open');
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node, [node]);
  return cycles;
}
