/**
 * For a remote's standalone page only. Remotes are built with Module Federation's externalRuntime: their code
 * runs on the federation runtime of the page that loads them instead of carrying a copy (about 60 kB of
 * JavaScript a remote, two or three of them on a page). Inside the shell that is the shell's runtime
 * (shell/src/federation/federation-host.ts). The standalone page has no shell, so this file, built on
 * its own and loaded before the page's bundle, provides the runtime under the same global name.
 */
import * as runtimeCore from '@module-federation/runtime-core';

/** The global the externalRuntime build reads the runtime from (Module Federation's rspack plugin). */
const runtimeGlobal = '_FEDERATION_RUNTIME_CORE';

(globalThis as Record<string, unknown>)[runtimeGlobal] = runtimeCore;
