// @vitest-environment node
// In Node, as the prerenderer runs: the federation runtime loads a remote's Node entry only there.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import ssrAssetBasePlugin, { ssrAssetBasePluginName } from 'build-config/ssr-asset-base';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prerenderTransportPlugin } from './transport-plugin.ts';
import type { PrerenderTransport } from './transport-type.ts';

/** The hooks the runtime calls, as this test calls them. */
interface Hooks {
  fetch(url: string, init: RequestInit): Promise<Response>;
  beforeInitContainer(args: InitContainerArgs): Promise<InitContainerArgs>;
  beforeInit(args: object): object;
  loadEntry(args: object): Promise<unknown>;
}
interface InitContainerArgs {
  remoteInfo: { name: string };
  remoteEntryInitOptions: Record<string, unknown>;
}
const hooksOf = (plugin: ModuleFederationRuntimePlugin) => plugin as unknown as Hooks;

const base = 'http://localhost:3002/1.0.0-abc/';
const entryUrl = `${base}ssr/remoteEntry.js`;
const remoteInfo = {
  name: 'mf_portfolio',
  entry: entryUrl,
  entryGlobalName: 'mf_portfolio',
  type: 'commonjs-module',
};

function transportAnswering(files: Record<string, string>) {
  const fetchFile = vi.fn(async (input: string | URL | Request) => {
    const body = files[String(input)];
    return body === undefined ? new Response('Not found', { status: 404 }) : new Response(body);
  });
  const transport: PrerenderTransport = {
    fetch: fetchFile as typeof fetch,
    assetBases: { mf_portfolio: base },
  };
  return { transport, fetchFile, hooks: hooksOf(prerenderTransportPlugin(transport)) };
}

/** What runtime-core gives beforeInitContainer: the share scopes ride in a property not enumerable. */
function initContainerArgs(name: string): InitContainerArgs {
  const remoteEntryInitOptions = { version: '', shareScopeKeys: 'default' };
  Object.defineProperty(remoteEntryInitOptions, 'shareScopeMap', {
    value: { default: {} },
    enumerable: false,
  });
  return { remoteInfo: { ...remoteInfo, name }, remoteEntryInitOptions };
}

/** The plugin the shell put into a remote's init options for the remote's own runtime. */
function remoteRuntimeIn(remoteEntryInitOptions: object): Hooks {
  const [plugin] = (remoteEntryInitOptions as { plugins?: Hooks[] }).plugins ?? [];
  if (!plugin) throw new Error('the shell gave the remote no plugin');
  return plugin;
}

const webpackRequire = { p: '' };
const globalFetch = vi.fn(async () => {
  throw new Error('the global fetch was used');
});
beforeEach(() => {
  webpackRequire.p = '';
  vi.stubGlobal('__webpack_require__', webpackRequire);
  vi.stubGlobal('fetch', globalFetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  globalFetch.mockClear();
});

describe('the prerender’s transport in the federation runtime', () => {
  it('answers the runtime’s fetches (the remotes’ manifests) from the transport', async () => {
    const { hooks, fetchFile } = transportAnswering({ [`${base}mf-manifest.json`]: '{"id":"mf_portfolio"}' });
    const response = (await hooks.fetch(`${base}mf-manifest.json`, {})) as Response;
    expect(await response.json()).toEqual({ id: 'mf_portfolio' });
    expect(fetchFile).toHaveBeenCalledWith(`${base}mf-manifest.json`, {});
    expect(globalFetch).not.toHaveBeenCalled();
  });

  it('gives each remote its asset base and a plugin of its own that fetches its chunks through the transport', async () => {
    const { hooks, fetchFile } = transportAnswering({ [`${base}ssr/1.js`]: 'chunk' });
    const args = await hooks.beforeInitContainer(initContainerArgs('mf_portfolio'));
    const options = args.remoteEntryInitOptions;
    expect(options).toHaveProperty('ssrAssetBase', base);
    expect(options.shareScopeMap).toEqual({ default: {} });
    const chunk = (await remoteRuntimeIn(options).fetch(`${base}ssr/1.js`, {})) as Response;
    expect(await chunk.text()).toBe('chunk');
    expect(fetchFile).toHaveBeenCalledWith(`${base}ssr/1.js`, {});
    expect(globalFetch).not.toHaveBeenCalled();
  });

  it('names no asset base for a remote the transport has none for', async () => {
    const { hooks } = transportAnswering({});
    const args = await hooks.beforeInitContainer(initContainerArgs('mf_contact'));
    expect(args.remoteEntryInitOptions).not.toHaveProperty('ssrAssetBase');
  });

  it('hands the remote’s own asset-base plugin the base, as the remote’s runtime initialises with those options', async () => {
    const { hooks } = transportAnswering({});
    const { remoteEntryInitOptions } = await hooks.beforeInitContainer(initContainerArgs('mf_portfolio'));
    // What webpack-bundler-runtime's initContainerEntry passes to the remote instance's initOptions.
    const userOptions = { name: 'mf_portfolio', remotes: [], ...remoteEntryInitOptions };
    hooksOf(ssrAssetBasePlugin()).beforeInit({ userOptions, options: {}, origin: {}, shareInfo: {} });
    expect(webpackRequire.p).toBe(base);
  });

  it('refuses a remote whose Node build cannot take the asset base (built before it could)', async () => {
    const { hooks } = transportAnswering({});
    const { remoteEntryInitOptions } = await hooks.beforeInitContainer(initContainerArgs('mf_portfolio'));
    const remoteRuntime = remoteRuntimeIn(remoteEntryInitOptions);
    const initWith = (pluginNames: string[]) =>
      remoteRuntime.beforeInit({
        userOptions: {},
        options: {},
        origin: { name: 'mf_portfolio', options: { plugins: pluginNames.map((name) => ({ name })) } },
        shareInfo: {},
      });
    expect(() => initWith(['agency-ssr-asset-base', 'node-federation-plugin'])).toThrow(
      'mf_portfolio: its Node build takes no asset base from the shell (built before it could); release it again',
    );
    expect(initWith([ssrAssetBasePluginName, 'node-federation-plugin'])).toBeDefined();
  });

  it('loads a remote’s Node entry through the transport, never the global fetch', async () => {
    const container = 'module.exports = { mf_portfolio: { init() {}, get: () => "the exposes" } };';
    const { hooks, fetchFile } = transportAnswering({ [entryUrl]: container });
    const origin = { loaderHook: { lifecycle: { createScript: { emit: () => undefined } } } };
    try {
      const exports = (await hooks.loadEntry({ origin, remoteInfo })) as { get: () => string };
      expect(exports.get()).toBe('the exposes');
      expect(fetchFile).toHaveBeenCalledWith(entryUrl, expect.anything());
      expect(globalFetch).not.toHaveBeenCalled();
    } finally {
      // The sdk's loader keeps each container it loaded under its global name.
      delete (globalThis as Record<string, unknown>).mf_portfolio;
    }
  });

  it('says which remote’s entry did not load, and why', async () => {
    const origin = { loaderHook: { lifecycle: { createScript: { emit: () => undefined } } } };
    const failing = vi.fn(async () => {
      throw new Error('refused: differs from what its release recorded');
    });
    const refusing = hooksOf(prerenderTransportPlugin({ fetch: failing, assetBases: {} }));
    await expect(refusing.loadEntry({ origin, remoteInfo })).rejects.toThrow(
      `mf_portfolio: its Node entry ${entryUrl} did not load (refused: differs from what its release recorded)`,
    );
  });
});
