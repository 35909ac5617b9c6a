import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ssrAssetBasePlugin from './ssr-asset-base-plugin.ts';

/** The hook as the remote's runtime calls it. */
type BeforeInit = (args: { userOptions: Record<string, unknown> }) => {
  userOptions: Record<string, unknown>;
};

// The remote's public path, which the plugin's code reaches as the bundler's __webpack_require__.p.
const webpackRequire = { p: '' };
beforeEach(() => {
  webpackRequire.p = '';
  vi.stubGlobal('__webpack_require__', webpackRequire);
});
afterEach(() => vi.unstubAllGlobals());

/** Runs the plugin's beforeInit as the remote's runtime does, with the options it was initialised with. */
function initWith(userOptions: Record<string, unknown>) {
  const beforeInit = ssrAssetBasePlugin().beforeInit as unknown as BeforeInit;
  return beforeInit({ userOptions, options: {}, origin: {}, shareInfo: {} } as Parameters<BeforeInit>[0]);
}

describe('the remote’s asset base in Node', () => {
  it('takes the folder its host names in the init options as its public path', () => {
    const args = initWith({
      name: 'mf_portfolio',
      remotes: [],
      ssrAssetBase: 'http://localhost:3002/1.0.0-abc/',
    });
    expect(webpackRequire.p).toBe('http://localhost:3002/1.0.0-abc/');
    expect(args.userOptions.name).toBe('mf_portfolio');
  });

  it('keeps its public path when started without one (its own start, or a host that names none)', () => {
    webpackRequire.p = 'http://localhost:3002/1.0.0-abc/';
    initWith({ name: 'mf_portfolio' });
    initWith({ name: 'mf_portfolio', ssrAssetBase: '' });
    expect(webpackRequire.p).toBe('http://localhost:3002/1.0.0-abc/');
  });
});
