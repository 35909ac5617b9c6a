/**
 * Remotes borrow the page's Module Federation runtime instead of each carrying a copy: the shell's in the
 * composed site, federation-runtime.ts's on a remote's standalone page. The shell checks that a remote was
 * built for a runtime it can lend (compatibility.ts) before it loads any of the remote's code.
 */
import { join } from 'node:path';
import type { EnvironmentConfig } from '@rsbuild/core';

/** The browser build's federation options beyond the remote's own: borrow the runtime, keep only what a remote uses. */
export const remoteBrowserExperiments = {
  externalRuntime: true,
  // A remote loads no remotes of its own, so the runtime code for that (and for manifests) is left out.
  optimization: { disableSnapshot: true, disableRemote: true, target: 'web' },
} as const;

/** The standalone page's runtime script, at a fixed name beside the browser build. */
const runtimeScriptName = 'federation-runtime';
const runtimeScriptFile = `static/js/${runtimeScriptName}.js`;

/** The environment that builds the runtime script; rsbuild names each environment's rspack compiler after it. */
export const runtimeEnvironmentName = 'runtime';

/**
 * What the standalone page's environment adds so the runtime script exists before its HTML is written: the SRI
 * plugin hashes every script the page names, the runtime script among them, and environments build in parallel
 * unless one depends on another (a page built first failed with ENOENT on federation-runtime.js).
 */
export const afterRuntimeBuild = { dependencies: [runtimeEnvironmentName] };

/** The build of federation-runtime.ts: one plain script, no page of its own. */
export function runtimeEnvironment(): EnvironmentConfig {
  return {
    source: { entry: { [runtimeScriptName]: join(import.meta.dirname, 'federation-runtime.ts') } },
    output: { target: 'web', filenameHash: false, cleanDistPath: false },
    performance: { chunkSplit: { strategy: 'all-in-one' } },
    tools: { htmlPlugin: false },
  };
}

/** Loads the runtime on the standalone page ahead of its bundle (both deferred, so in this order). */
export const runtimeScriptTag = {
  tag: 'script',
  attrs: { src: runtimeScriptFile, defer: true },
  head: true,
  append: false,
} as const;
