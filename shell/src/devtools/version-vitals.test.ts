import { afterEach, describe, expect, it, vi } from 'vitest';
import { readVersionVitals, versionVitalsRows } from './version-vitals.ts';

const canary = { remote: 'mf_portfolio', version: '1.5.0-0c0ffee0' };
const stable = { remote: 'mf_portfolio', version: '1.4.0-3f43688a' };
const row = (version: string, route: string, metric: string, p75: number, samples = 40) => ({
  remote: 'mf_portfolio',
  version,
  route,
  metric,
  samples,
  p75,
  p75Low: p75,
  clients: samples,
  networks: samples,
  withoutTopNetworks: [],
});

describe('the Web Vitals of the versions on the page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the versions on the page only, one row per version and route, this page’s route first', () => {
    const rows = versionVitalsRows(
      [
        row(canary.version, '/', 'INP', 90),
        row(canary.version, '/portfolio', 'INP', 420),
        row(canary.version, '/portfolio', 'CLS', 0.02),
        row(stable.version, '/portfolio', 'INP', 120),
        row('0.9.0-old', '/portfolio', 'INP', 999),
        { ...row(canary.version, '/portfolio', 'FID', 5) },
        { remote: 'mf_portfolio', version: canary.version, route: '/x', metric: 'INP', p75: '5' },
        'not a row',
      ],
      [canary],
      '/portfolio',
    );
    expect(rows).toEqual([
      {
        ...canary,
        route: '/portfolio',
        metrics: { INP: { p75: 420, samples: 40 }, CLS: { p75: 0.02, samples: 40 } },
      },
      { ...canary, route: '/', metrics: { INP: { p75: 90, samples: 40 } } },
    ]);
    expect(versionVitalsRows(undefined, [canary], '/')).toEqual([]);
  });

  it('shows the figures the check judges: a row of page loads beside another remote’s canary is left out', () => {
    const rows = versionVitalsRows(
      [
        { ...row(canary.version, '/', 'INP', 90), otherSlots: 'default' },
        { ...row(canary.version, '/', 'INP', 420), otherSlots: 'canary' },
      ],
      [canary],
      '/',
    );
    expect(rows).toEqual([{ ...canary, route: '/', metrics: { INP: { p75: 90, samples: 40 } } }]);
  });

  it('says the figures are the release tooling’s when the API keeps them (401, 404), and never throws', async () => {
    const answers: Record<string, Response> = {
      '/runtime.json': Response.json({ apiUrl: 'http://api.example' }),
    };
    const fetch = vi.fn(async (url: string) => answers[url] ?? new Response(null, { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    expect(await readVersionVitals([canary], '/portfolio', Date.parse('2026-11-28T12:00:00Z'))).toEqual({
      unavailable: 'forbidden',
    });
    expect(fetch).toHaveBeenLastCalledWith(
      'http://api.example/remote-health?since=2026-11-27T12%3A00%3A00.000Z',
      expect.anything(),
    );
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    expect(await readVersionVitals([canary], '/portfolio')).toEqual({ unavailable: 'unreachable' });
  });

  it('reads the rows of a report the API gives (a dev session on its machine)', async () => {
    vi.stubGlobal('fetch', async (url: string) =>
      url === '/runtime.json'
        ? Response.json({ apiUrl: 'http://api.example' })
        : Response.json({
            since: '2026-11-27T12:00:00Z',
            counts: [],
            visitors: [],
            vitals: [row(canary.version, '/portfolio', 'LCP', 1800)],
          }),
    );
    expect(await readVersionVitals([canary], '/portfolio')).toEqual([
      { ...canary, route: '/portfolio', metrics: { LCP: { p75: 1800, samples: 40 } } },
    ]);
  });
});
