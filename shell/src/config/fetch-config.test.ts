import { afterEach, describe, expect, it, vi } from 'vitest';
import { onceUntilFailure } from './fetch-config.ts';

afterEach(() => vi.unstubAllGlobals());

/** A fresh module: the fetch the prerender sets is module state. */
const freshFetchConfig = async () => {
  vi.resetModules();
  return import('./fetch-config.ts');
};

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('fetchConfigFile', () => {
  it('reads with the page’s fetch in the default cache mode, which takes the page’s preload in every engine', async () => {
    const pageFetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json({ mf_portfolio: 'x' }),
    );
    vi.stubGlobal('fetch', pageFetch);
    const { fetchConfigFile } = await freshFetchConfig();
    expect(await fetchConfigFile('/remotes.json')).toEqual({ mf_portfolio: 'x' });
    expect(pageFetch).toHaveBeenCalledWith('/remotes.json', expect.anything());
    // Fresh because the hosts serve it no-store (static-host.test.ts); a cache mode here is what Firefox matches
    // to no preload (e2e/engines: each file fetched once).
    expect(pageFetch.mock.calls[0]?.[1]?.cache).toBeUndefined();
  });

  it('reads through the transport the prerender sets, and the shell’s other fetches go there too', async () => {
    const pageFetch = vi.fn();
    vi.stubGlobal('fetch', pageFetch);
    const transport = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) =>
      json({ apiUrl: 'http://localhost:3010' }),
    );
    const { fetchConfigFile, setShellFetch, shellFetch } = await freshFetchConfig();
    setShellFetch(transport);
    expect(await fetchConfigFile('/runtime.json')).toEqual({ apiUrl: 'http://localhost:3010' });
    await shellFetch('http://localhost:3002/1.0.0-abc/mf-manifest.json');
    expect(transport.mock.calls.map(([url]) => url)).toEqual([
      '/runtime.json',
      'http://localhost:3002/1.0.0-abc/mf-manifest.json',
    ]);
    expect(pageFetch).not.toHaveBeenCalled();
  });

  it('names the file that answered an error or no JSON', async () => {
    const { fetchConfigFile, setShellFetch } = await freshFetchConfig();
    setShellFetch(async () => new Response('gone', { status: 404 }));
    await expect(fetchConfigFile('/remotes.json')).rejects.toThrow('/remotes.json answered 404');
    setShellFetch(async () => new Response('<html>', { status: 200 }));
    await expect(fetchConfigFile('/remotes.json')).rejects.toThrow('/remotes.json is not valid JSON');
  });
});

describe('onceUntilFailure', () => {
  it('shares one successful load between callers', async () => {
    const load = vi.fn().mockResolvedValue('ok');
    const get = onceUntilFailure(load);
    expect(await Promise.all([get(), get()])).toEqual(['ok', 'ok']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure so the next call loads again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('back');
    const get = onceUntilFailure(load);
    await expect(get()).rejects.toThrow('down');
    expect(await get()).toBe('back');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
