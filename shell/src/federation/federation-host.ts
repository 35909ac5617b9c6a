/**
 * The shell's Module Federation host, started the first time a section needs its remote's code (remote-registry.ts
 * imports this module on demand). A page whose sections need no code never downloads the federation runtime: in
 * the browser the shell is an ordinary bundle, and this module makes it a host when it must be one, lending the
 * runtime and the shell's own copies of the shared singletons to the remotes.
 *
 * In Node (the prerender's build) Module Federation's build plugin has already created the instance; it is used
 * as it is.
 */
import * as emotionReact from '@emotion/react';
import * as emotionStyled from '@emotion/styled';
import {
  getInstance,
  init,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import React from 'react';
import ReactDOM from 'react-dom';
import * as siteRouter from 'site-router';
import { compatibilityPlugin } from './compatibility-plugin.ts';

/**
 * The singletons the shell lends, as the build states them (shell/rsbuild.config.ts from build-config's
 * topology): package name → the installed version and the range remotes are built against.
 */
declare const SHELL_SHARED_SINGLETONS: Record<string, { version: string; requiredVersion: string }>;

/**
 * Each singleton as this bundle holds it: what a remote's `import` of the package receives. CommonJS packages
 * (react, react-dom) are lent as their exports object, ES modules as their namespace, as the build plugin's
 * share scope would give them.
 */
const ownCopies: Record<string, unknown> = {
  react: React,
  'react-dom': ReactDOM,
  'site-router': siteRouter,
  '@emotion/react': emotionReact,
  '@emotion/styled': emotionStyled,
};

/** The global a remote built with externalRuntime reads the runtime from (build-config's external-runtime.ts). */
const runtimeGlobal = '_FEDERATION_RUNTIME_CORE';

function sharedOptions() {
  return Object.fromEntries(
    Object.entries(SHELL_SHARED_SINGLETONS).map(([name, { version, requiredVersion }]) => {
      const copy = ownCopies[name];
      if (!copy) throw new Error(`The shell lends ${name} but holds no copy of it (federation-host.ts)`);
      return [name, { version, lib: () => copy, shareConfig: { singleton: true, requiredVersion } }];
    }),
  );
}

/**
 * Starts the host (once): each remote's manifest is checked for compatibility first, then by the given plugins
 * (the released bytes, the retries), in that order.
 */
export function startHost(given: ModuleFederationRuntimePlugin[]): ModuleFederation {
  const plugins = [compatibilityPlugin(), ...given];
  const existing = getInstance();
  if (existing) {
    existing.registerPlugins(plugins);
    return existing;
  }
  (globalThis as Record<string, unknown>)[runtimeGlobal] = runtimeCore;
  return init({
    name: 'shell',
    remotes: [],
    shared: sharedOptions(),
    // One unreachable remote must not fail another's load (the default loads every remote entry first).
    shareStrategy: 'loaded-first',
    plugins,
  });
}
