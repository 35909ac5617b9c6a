import { encodePreviewClaim, previewClaimIn } from 'federation/preview';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { previewSourceOf } from './preview-source.ts';

const integrity = `sha384-${'A'.repeat(64)}`;
const entry = (version: string, extras?: object) => ({
  url: `http://localhost:3102/${version}/mf-manifest.json`,
  metadata: { version, integrity },
  deployment: { traffic: 100, default: true },
  ...(extras ? { extras } : {}),
});
const claim = (version?: string) =>
  previewClaimIn(
    `agency-preview=${encodePreviewClaim({
      remote: 'mf_portfolio',
      ...(version ? { version } : { dev: 'http://localhost:3102' }),
      expires: Math.floor(Date.now() / 1000) + 3600,
    })}.${'s'.repeat(43)}`,
  );
const serve = (document: unknown) =>
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(document), { status: 200 }));

afterEach(() => vi.unstubAllGlobals());

describe('the previewed version source, from the preview map', () => {
  it('reads the previewed entry of the map and says it on one line', async () => {
    const source = { commit: `${'3f2a9c1d0b7e'.padEnd(40, '0')}+dirty`, ref: 'main', author: 'Jane Doe' };
    serve({ schema: 'x', microFrontends: { mf_portfolio: [entry('1.0.0-3f43688a', { source })] } });
    const found = claim('1.0.0-3f43688a');
    expect(found).toBeDefined();
    expect(await previewSourceOf(found as NonNullable<typeof found>)).toBe(
      '3f2a9c1d0b7e+dirty on main by Jane Doe',
    );
  });

  it('says nothing for a version without a source, a dev preview, or a map it cannot read', async () => {
    serve({ schema: 'x', microFrontends: { mf_portfolio: [entry('1.0.0-3f43688a')] } });
    const versioned = claim('1.0.0-3f43688a') as NonNullable<ReturnType<typeof claim>>;
    expect(await previewSourceOf(versioned)).toBeUndefined();
    expect(await previewSourceOf(claim() as NonNullable<ReturnType<typeof claim>>)).toBeUndefined();
    vi.stubGlobal('fetch', async () => new Response('nope', { status: 404 }));
    expect(await previewSourceOf(versioned)).toBeUndefined();
  });
});
