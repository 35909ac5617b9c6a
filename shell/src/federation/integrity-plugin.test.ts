import { createHash } from 'node:crypto';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIntegrityState, IntegrityError } from './integrity-plugin.ts';

const manifestUrl = 'http://localhost:3002/1.0.0-abc/mf-manifest.json';
const chunkUrl = 'http://localhost:3002/1.0.0-abc/static/js/async/1.js';
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const manifest = JSON.stringify({ metaData: { integrity: { 'static/js/async/1.js': sri('chunk') } } });
const remoteInfo = { name: 'mf_portfolio', entry: manifestUrl } as never;

type Hooks = Required<Pick<ModuleFederationRuntimePlugin, 'fetch' | 'createScript' | 'loadRemoteSnapshot'>>;

function sealedState(manifestHash = sri(manifest)) {
  const report = vi.fn();
  const state = createIntegrityState(report);
  state.setRemoteMap({ mf_portfolio: manifestUrl }, { mf_portfolio: manifestHash });
  return { state, report, hooks: state.plugin() as unknown as Hooks };
}

afterEach(() => vi.unstubAllGlobals());

describe('remote integrity', () => {
  it('lets the runtime read a manifest whose bytes are the released ones', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(manifest)),
    );
    const { hooks, state } = sealedState();
    const response = (await hooks.fetch(manifestUrl, {}, remoteInfo)) as Response;
    expect(await response.text()).toBe(manifest);
    expect(state.refused('mf_portfolio')).toBeUndefined();
  });

  it('fetches a manifest plainly (matched to the preload), and past the HTTP cache once a fetch of it failed', async () => {
    const fetched = vi.fn<(url: string, init?: RequestInit) => Promise<Response>>();
    fetched
      .mockResolvedValueOnce(new Response(manifest))
      .mockRejectedValueOnce(new TypeError('Load failed'))
      .mockResolvedValueOnce(new Response('down', { status: 502 }))
      .mockResolvedValue(new Response(manifest));
    vi.stubGlobal('fetch', fetched);
    const { hooks } = sealedState();
    await hooks.fetch(manifestUrl, { mode: 'cors' }, remoteInfo);
    await expect(hooks.fetch(manifestUrl, { mode: 'cors' }, remoteInfo)).rejects.toThrow('Load failed');
    // WebKit answers a plain fetch of a URL whose load failed with that failure: the tries after it bypass it.
    expect(((await hooks.fetch(manifestUrl, { mode: 'cors' }, remoteInfo)) as Response).status).toBe(502);
    expect(await ((await hooks.fetch(manifestUrl, { mode: 'cors' }, remoteInfo)) as Response).text()).toBe(
      manifest,
    );
    expect(fetched.mock.calls.map(([, init]) => init?.cache)).toEqual([
      undefined,
      undefined,
      'reload',
      'reload',
    ]);
  });

  it('refuses a manifest that differs, for good, naming the remote and the file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(manifest.replace('1.js', '2.js'))),
    );
    const { hooks, state, report } = sealedState();
    await expect(hooks.fetch(manifestUrl, {}, remoteInfo)).rejects.toThrow(IntegrityError);
    expect(state.refused('mf_portfolio')?.message).toBe(
      `mf_portfolio: ${manifestUrl} differs from what its release recorded (SHA-384); none of mf_portfolio's code will run`,
    );
    expect(report).toHaveBeenCalledWith(expect.stringContaining(manifestUrl));
    state.forgetRefusal('mf_portfolio');
    expect(state.refused('mf_portfolio')).toBeUndefined();
  });

  it('runs each listed file with its integrity, and an unlisted one with an integrity nothing can match', () => {
    const { hooks, report } = sealedState();
    hooks.loadRemoteSnapshot({
      manifestJson: JSON.parse(manifest),
      manifestUrl,
      moduleInfo: remoteInfo,
    } as never);
    const chunk = hooks.createScript({ url: chunkUrl, remoteInfo }) as HTMLScriptElement;
    expect(chunk.integrity).toBe(sri('chunk'));
    expect(chunk.crossOrigin).toBe('anonymous');
    expect(report).not.toHaveBeenCalled();
    const stranger = hooks.createScript({
      url: chunkUrl.replace('1.js', 'evil.js'),
      remoteInfo,
    }) as HTMLScriptElement;
    expect(stranger.integrity).toMatch(/^sha384-A{64}$/);
    expect(report).toHaveBeenCalledWith(expect.stringContaining('is not a file its release recorded'));
  });

  it('refuses the whole remote when a file it failed to run turns out altered, not when it is missing or unreachable', async () => {
    const { hooks, state } = sealedState();
    hooks.loadRemoteSnapshot({
      manifestJson: JSON.parse(manifest),
      manifestUrl,
      moduleInfo: remoteInfo,
    } as never);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    (hooks.createScript({ url: chunkUrl, remoteInfo }) as HTMLScriptElement).dispatchEvent(
      new Event('error'),
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.refused('mf_portfolio')).toBeUndefined();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('Not found', { status: 404 })),
    );
    (hooks.createScript({ url: chunkUrl, remoteInfo }) as HTMLScriptElement).dispatchEvent(
      new Event('error'),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(state.refused('mf_portfolio')).toBeUndefined();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('chunk, altered')),
    );
    (hooks.createScript({ url: chunkUrl, remoteInfo }) as HTMLScriptElement).dispatchEvent(
      new Event('error'),
    );
    await vi.waitFor(() => expect(state.refused('mf_portfolio')?.message).toContain(chunkUrl));
  });

  it('checks the manifest it fetched with the fetch it was given (the prerender’s transport in Node)', async () => {
    const globalFetch = vi.fn();
    vi.stubGlobal('fetch', globalFetch);
    const transport = vi.fn(async () => new Response(manifest));
    const state = createIntegrityState(vi.fn(), transport);
    state.setRemoteMap({ mf_portfolio: manifestUrl }, { mf_portfolio: sri(manifest) });
    const hooks = state.plugin() as unknown as Hooks;
    expect(await ((await hooks.fetch(manifestUrl, {}, remoteInfo)) as Response).text()).toBe(manifest);
    expect(transport).toHaveBeenCalledWith(manifestUrl, {});
    expect(globalFetch).not.toHaveBeenCalled();
  });

  it('refuses a remote whose map entry carries no integrity: its manifest, and every file it asks for', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(manifest)),
    );
    const report = vi.fn();
    const state = createIntegrityState(report);
    state.setRemoteMap({ mf_portfolio: manifestUrl }, {});
    const hooks = state.plugin() as unknown as Hooks;
    await expect(hooks.fetch(manifestUrl, {}, remoteInfo)).rejects.toThrow(IntegrityError);
    expect(state.refused('mf_portfolio')).toBeDefined();
    const script = hooks.createScript({ url: chunkUrl, remoteInfo }) as HTMLScriptElement;
    expect(script.integrity).toMatch(/^sha384-A{64}$/);
  });

  it('in the development shell only, leaves a remote alone whose map entry carries no integrity', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const state = createIntegrityState(vi.fn(), undefined, { sealedOnly: false });
    state.setRemoteMap({ mf_portfolio: manifestUrl }, {});
    const hooks = state.plugin() as unknown as Hooks;
    expect(hooks.fetch(manifestUrl, {}, remoteInfo)).toBeUndefined();
    expect(hooks.createScript({ url: chunkUrl, remoteInfo })).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
