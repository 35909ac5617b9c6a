/**
 * Bundles the njs module (njs/site.ts) from the project's own TypeScript for nginx's njs 0.7, Debian
 * bookworm's. That njs lacks much of ES2015+: no destructuring, default parameters, for-of, array spread,
 * classes or optional chaining, and no Set, Map, URL, flatMap or Object.fromEntries. esbuild bundles the
 * module and its imports into one file; esbuild cannot lower for-of, spread or classes below ES2015, so
 * TypeScript's own compiler (already the project's) lowers the bundle to ES5, and core-js supplies the
 * missing built-ins to the preview module alone. The result is checked with the njs CLI where it is installed (njs-check in the tests).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import ts from 'typescript';
import type { NjsModel } from './njs/model.ts';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * build-config/topology (the remotes' folders, for a preview's pages) imports node:module and node:path for
 * functions the njs module never calls; they resolve to a module that says so if one ever were.
 */
const nodeOnly = join(here, 'njs', 'node-only.ts');

/** The two modules: public pages (imported for every request) and preview links (imported where answered). */
export type NjsModuleName = 'site' | 'preview';

/**
 * Built-ins njs 0.7.9 lacks that the preview module's code uses (checked by running the bundle in the njs CLI).
 * The page module gets its own few, small ones instead (njs/builtins.ts): njs 0.7 runs a module's
 * top-level code for each request, and core-js's installation alone cost a page about 4 ms.
 */
const previewPolyfills = [
  'core-js/actual/set',
  'core-js/actual/map',
  'core-js/actual/url',
  'core-js/actual/object/from-entries',
  'core-js/actual/array/flat-map',
  'core-js/actual/array/flat',
  'core-js/actual/string/replace-all',
];

export async function bundleNjsModule(model: NjsModel, name: NjsModuleName = 'site'): Promise<string> {
  const require = createRequire(import.meta.url);
  const polyfills =
    name === 'preview'
      ? previewPolyfills.map((polyfill) => require.resolve(polyfill))
      : [join(here, 'njs', 'builtins.ts')];
  const entry = [...polyfills.map((polyfill) => `import ${JSON.stringify(polyfill)};`)]
    .concat(`export { default } from ${JSON.stringify(join(here, 'njs', `${name}.ts`))};`)
    .join('\n');
  const result = await build({
    stdin: { contents: entry, resolveDir: here, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    // The package.json "exports" of the workspace's packages point at TypeScript sources.
    mainFields: ['module', 'main'],
    external: ['fs', 'crypto'],
    alias: { 'node:module': nodeOnly, 'node:path': nodeOnly },
    define: { agencyModel: JSON.stringify(model) },
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'silent',
  });
  const bundled = result.outputFiles?.[0]?.text ?? '';
  const lowered = ts.transpileModule(bundled, {
    compilerOptions: {
      target: ts.ScriptTarget.ES5,
      module: ts.ModuleKind.ESNext,
      downlevelIteration: true,
      removeComments: true,
    },
  }).outputText;
  // njs takes `export default <name>`, not the export list esbuild writes.
  return lowered.replace(/^export \{ (\w+) as default \};$/m, 'export default $1;');
}
