/**
 * Module Federation's rspack plugin finds its bundler runtime with require.resolve, which picks the packages'
 * CommonJS builds. Nothing in those can be tree-shaken, so every remote's entry carried the whole runtime
 * helpers, the error-code tables and the Node-only script loader. Pointing the two files the plugin names at
 * their ES module builds lets the bundler keep only what the browser runs; their own imports (sdk, error codes)
 * then resolve to ES modules too, and runtime-core stays the shell's (externalRuntime). A remote's entry went
 * from 50 kB to 27 kB minified (15 kB to 9 kB gzipped).
 *
 * Remotes only: in the shell, which bundles runtime-core itself, the same aliases made its entry larger
 * (116 kB to 178 kB), the ES and CommonJS builds of the runtime both ending up in it.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The CommonJS file the plugin resolves for a package, and the ES module build beside it. */
function esmBesideCjs(request: string, from: string): [string, string] {
  const cjs = require.resolve(request, { paths: [from] });
  if (!cjs.endsWith('.cjs')) throw new Error(`${request} no longer resolves to a .cjs file (${cjs})`);
  return [`${cjs}$`, cjs.replace(/\.cjs$/, '.js')];
}

/** resolve.alias for a remote's browser environment. */
export function federationEsmAliases(): Record<string, string> {
  // Resolved from where the plugin resolves them: @module-federation/runtime-tools, next to the plugin.
  const runtimeTools = require.resolve('@module-federation/runtime-tools', {
    paths: [require.resolve('@module-federation/enhanced')],
  });
  return Object.fromEntries([
    esmBesideCjs('@module-federation/webpack-bundler-runtime', runtimeTools),
    esmBesideCjs('@module-federation/runtime', runtimeTools),
  ]);
}
