import { resolve } from 'node:path';
import type { init, ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { hostSharedSingletons } from 'build-config';
import { sharedSingletons } from 'build-config/topology';
import React from 'react';
import * as siteRouter from 'site-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({
  instance: null as null | { registerPlugins: (plugins: unknown[]) => void },
  init: vi.fn((options: unknown) => ({ options })),
}));
vi.mock(import('@module-federation/enhanced/runtime'), async (importOriginal) => ({
  ...(await importOriginal()),
  getInstance: (() => runtime.instance) as never,
  init: runtime.init as never,
}));

// What the build defines (rsbuild.config.ts), from the same topology.
vi.stubGlobal('SHELL_SHARED_SINGLETONS', hostSharedSingletons(resolve(import.meta.dirname, '../..')));
const { startHost } = await import('./federation-host.ts');
const retry: ModuleFederationRuntimePlugin = { name: 'retry' };
type UserOptions = Parameters<typeof init>[0];

afterEach(() => {
  runtime.instance = null;
  runtime.init.mockClear();
  delete (globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE;
});

describe('the federation host', () => {
  it('in the browser, starts the runtime lending the shell’s own copy of every singleton', () => {
    startHost([retry]);
    expect(runtime.init).toHaveBeenCalledTimes(1);
    const options = runtime.init.mock.calls[0]?.[0] as UserOptions;
    expect(options.name).toBe('shell');
    expect(options.shareStrategy).toBe('loaded-first');
    const shared = options.shared as Record<
      string,
      { version: string; lib: () => unknown; shareConfig: object }
    >;
    expect(Object.keys(shared).sort()).toEqual([...sharedSingletons].sort());
    // The very modules this bundle runs: a remote given them shares React, its context and its router.
    expect(shared.react?.lib()).toBe(React);
    expect(shared['site-router']?.lib()).toBe(siteRouter);
    expect(shared.react?.version).toBe(React.version);
    expect(shared.react?.shareConfig).toEqual({ singleton: true, requiredVersion: `^${React.version}` });
  });

  it('checks compatibility before the given plugins, and lends the runtime to remotes built without one', () => {
    startHost([retry]);
    const options = runtime.init.mock.calls[0]?.[0] as UserOptions;
    expect(options.plugins?.map((plugin) => plugin.name)).toEqual(['shell-remote-compatibility', 'retry']);
    const lent = (globalThis as Record<string, unknown>)._FEDERATION_RUNTIME_CORE as Record<string, unknown>;
    expect(typeof lent.ModuleFederation).toBe('function');
  });

  it('in Node, where the build plugin has started the runtime, adds the plugins to that instance', () => {
    const registerPlugins = vi.fn();
    runtime.instance = { registerPlugins };
    expect(startHost([retry])).toBe(runtime.instance);
    expect(runtime.init).not.toHaveBeenCalled();
    expect(registerPlugins.mock.calls[0]?.[0].map((plugin: { name: string }) => plugin.name)).toEqual([
      'shell-remote-compatibility',
      'retry',
    ]);
  });
});
