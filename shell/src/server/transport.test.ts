// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

const runtime = vi.hoisted(() => ({ registerPlugins: vi.fn() }));
vi.mock(import('@module-federation/enhanced/runtime'), async (importOriginal) => ({
  ...(await importOriginal()),
  ...runtime,
}));

/** A fresh binding per test: which transport is bound is module state. */
async function fresh() {
  vi.resetModules();
  runtime.registerPlugins.mockClear();
  const [{ bindTransport }, { fetchConfigFile }] = await Promise.all([
    import('./transport.ts'),
    import('../config/fetch-config.ts'),
  ]);
  return { bindTransport, fetchConfigFile };
}

const transportOf = (body: unknown) => ({
  fetch: vi.fn(async () => new Response(JSON.stringify(body))),
  assetBases: {},
});

beforeEach(() => vi.unstubAllGlobals());

describe('binding the prerender’s transport', () => {
  it('makes the shell read its run-time files through it and registers its runtime plugin once', async () => {
    vi.stubGlobal('fetch', vi.fn());
    const { bindTransport, fetchConfigFile } = await fresh();
    const transport = transportOf({ mf_portfolio: 'x' });
    bindTransport(transport);
    bindTransport(transport);
    expect(await fetchConfigFile('/remotes.json')).toEqual({ mf_portfolio: 'x' });
    expect(transport.fetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
    expect(fetch).not.toHaveBeenCalled();
    expect(runtime.registerPlugins).toHaveBeenCalledTimes(1);
    expect(runtime.registerPlugins.mock.calls[0]?.[0]).toEqual([
      expect.objectContaining({ name: 'shell-prerender-transport' }),
    ]);
  });

  it('refuses a second transport, which the runtime would ignore', async () => {
    const { bindTransport } = await fresh();
    bindTransport(transportOf({}));
    expect(() => bindTransport(transportOf({}))).toThrow('one transport per process');
  });
});
