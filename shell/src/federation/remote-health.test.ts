import type { RemoteHealthEvent } from 'shared-content/enquiry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const config = vi.hoisted(() => ({
  loaded: undefined as { apiUrl: string } | undefined,
  load: vi.fn<() => Promise<{ apiUrl: string }>>(),
}));
vi.mock('../config/runtime-config.ts', () => ({
  loadedRuntimeConfig: () => config.loaded,
  loadRuntimeConfig: config.load,
}));
const versions = vi.hoisted((): Record<string, string> => ({}));
vi.mock('./remote-registry.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./remote-registry.ts')>()),
  remoteVersion: (remote: string) => versions[remote],
}));

const { countHydrationMismatch, countLoadFailure, countSlotError, countView, newPageView } = await import(
  './remote-health.ts'
);
const { IncompatibleRemoteError } = await import('./compatibility-plugin.ts');
const { flushDelayMs } = await import('../telemetry/health-counter.ts');

const sendBeacon = vi.fn<(url: string, data: Blob) => boolean>(() => true);

async function sent(): Promise<Array<{ url: string; events: RemoteHealthEvent[] }>> {
  return Promise.all(
    sendBeacon.mock.calls.map(async ([url, data]) => ({ url, ...JSON.parse(await data.text()) })),
  );
}

const leavePage = () => dispatchEvent(new Event('pagehide'));

describe('remote health per page view', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sendBeacon.mockClear();
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: sendBeacon });
    config.loaded = { apiUrl: 'http://localhost:5010' };
    config.load.mockReset();
    for (const remote of Object.keys(versions)) delete versions[remote];
    Object.assign(versions, { mf_marketing: '1.4.0-3f43688a', mf_portfolio: '2.0.0-canary' });
  });
  afterEach(() => {
    leavePage();
    delete (navigator as { sendBeacon?: unknown }).sendBeacon;
    vi.useRealTimers();
  });

  it('counts each kind once per remote and page view, for the version this visitor loads', async () => {
    const first = newPageView();
    countView(first, 'mf_marketing');
    countView(first, 'mf_marketing');
    countView(first, 'mf_portfolio');
    countLoadFailure(first, 'mf_marketing', new TypeError('Failed to fetch'));
    countLoadFailure(first, 'mf_marketing', new TypeError('Failed to fetch'));
    countSlotError(first, 'mf_portfolio', new Error('render failed'));
    countSlotError(first, 'mf_portfolio', new Error('render failed'));
    countHydrationMismatch(first, 'mf_portfolio');
    countHydrationMismatch(first, 'mf_portfolio');
    // A navigation to another route: a new page view counts again.
    const second = newPageView();
    countView(second, 'mf_marketing');
    leavePage();
    const beacons = await sent();
    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe('http://localhost:5010/beacon');
    expect(beacons[0]?.events).toEqual([
      { remote: 'mf_marketing', version: '1.4.0-3f43688a', kind: 'view', count: 2 },
      { remote: 'mf_portfolio', version: '2.0.0-canary', kind: 'view', count: 1 },
      {
        remote: 'mf_marketing',
        version: '1.4.0-3f43688a',
        kind: 'load-failure',
        reason: 'network',
        count: 1,
      },
      { remote: 'mf_portfolio', version: '2.0.0-canary', kind: 'render-error', count: 1 },
      { remote: 'mf_portfolio', version: '2.0.0-canary', kind: 'hydration-mismatch', count: 1 },
    ]);
  });

  it('classifies a load failure, and counts an error the boundary caught while loading code as one', async () => {
    const view = newPageView();
    countLoadFailure(view, 'mf_marketing', new IncompatibleRemoteError('requires react ^18'));
    countSlotError(
      view,
      'mf_portfolio',
      Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' }),
    );
    leavePage();
    expect((await sent())[0]?.events).toEqual([
      {
        remote: 'mf_marketing',
        version: '1.4.0-3f43688a',
        kind: 'load-failure',
        reason: 'incompatible',
        count: 1,
      },
      { remote: 'mf_portfolio', version: '2.0.0-canary', kind: 'load-failure', reason: 'network', count: 1 },
    ]);
  });

  it('reports "unknown" for a remote whose version was never read', async () => {
    countView(newPageView(), 'mf_contact');
    leavePage();
    expect((await sent())[0]?.events).toEqual([
      { remote: 'mf_contact', version: 'unknown', kind: 'view', count: 1 },
    ]);
  });

  it('sends within seconds of a page view, without the page being left', async () => {
    countView(newPageView(), 'mf_marketing');
    vi.advanceTimersByTime(flushDelayMs);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
  });

  it('waits for runtime.json: nothing is sent before apiUrl is known, then the counts go', async () => {
    config.loaded = undefined;
    let loaded: (value: { apiUrl: string }) => void = () => undefined;
    config.load.mockReturnValue(
      new Promise((resolve) => {
        loaded = resolve;
      }),
    );
    countView(newPageView(), 'mf_marketing');
    vi.advanceTimersByTime(flushDelayMs);
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(config.load).toHaveBeenCalled();
    config.loaded = { apiUrl: 'https://api.example.com/v1' };
    loaded(config.loaded);
    await vi.advanceTimersByTimeAsync(0);
    expect((await sent()).map((beacon) => beacon.url)).toEqual(['https://api.example.com/v1/beacon']);
  });

  it('never throws into the page, whatever the registry does', () => {
    Object.defineProperty(versions, 'mf_portfolio', {
      configurable: true,
      enumerable: true,
      get() {
        throw new Error('registry broken');
      },
    });
    expect(() => {
      countView(newPageView(), 'mf_portfolio');
      leavePage();
    }).not.toThrow();
  });
  it('sends nothing from a browser in a preview: its counts are a team’s look, not a canary’s data', async () => {
    const claim = btoa(JSON.stringify({ remote: 'mf_portfolio', version: '2.0.0-canary', expires: 4e9 }))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the static host sets when a preview link opens.
    document.cookie = `agency-preview=${claim}.${'s'.repeat(43)}; path=/`;
    try {
      const view = newPageView();
      countView(view, 'mf_portfolio');
      countSlotError(view, 'mf_portfolio', new Error('render failed'));
      leavePage();
      expect(await sent()).toEqual([]);
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
      document.cookie = 'agency-preview=; path=/; max-age=0';
    }
  });
});
