import { describe, expect, it } from 'vitest';
import { importedExports, sharedPackageOf } from './shared-surface.ts';

/** The exports of the site-router the build was made with (its fallback module's provided exports). */
const siteRouterExports = ['Link', 'siteRouterSurface', 'useLocation', 'useSearchParams'];

/**
 * The references are the ones rspack's module graph records for these forms (seen in a probe build of a remote):
 * every import statement is one "esm import", each name it reads one "esm import specifier", and so on.
 */
describe('importedExports', () => {
  it('names each export read by a named import, however it is renamed, sorted and once', () => {
    const references = [
      // import { useSearchParams } from 'site-router'; (used twice)
      { type: 'esm import' },
      { type: 'esm import specifier', ids: ['useSearchParams'] },
      { type: 'esm import specifier', ids: ['useSearchParams'] },
      // import { Link as RouterLink } from 'site-router';
      { type: 'esm import' },
      { type: 'esm import specifier', ids: ['Link'] },
    ];
    expect(importedExports(references, siteRouterExports)).toEqual(['Link', 'useSearchParams']);
  });

  it('names a re-exported export and a namespace member read by name', () => {
    const references = [
      // export { Link as L } from 'site-router';
      { type: 'esm export import' },
      { type: 'esm export import specifier', ids: ['Link'] },
      // import * as router from 'site-router'; router.useLocation().pathname
      { type: 'esm import' },
      { type: 'esm import specifier', ids: ['useLocation', 'pathname'] },
    ];
    expect(importedExports(references, siteRouterExports)).toEqual(['Link', 'useLocation']);
  });

  it('counts a namespace used as a whole, export * and import() as every export of the package', () => {
    for (const whole of [
      { type: 'esm import specifier', ids: [] }, // Object.keys(router)
      { type: 'esm export import specifier', ids: [] }, // export * from 'site-router'
      { type: 'import()' },
      { type: 'cjs require' },
    ]) {
      expect(importedExports([{ type: 'esm import' }, whole], siteRouterExports), whole.type).toEqual(
        siteRouterExports,
      );
    }
    expect(importedExports([{ type: 'import()' }], null)).toEqual(['*']);
  });

  it('is empty for a build that never reads an export', () => {
    expect(importedExports([], siteRouterExports)).toEqual([]);
    expect(importedExports([{ type: 'esm import' }], siteRouterExports)).toEqual([]);
  });
});

describe('sharedPackageOf', () => {
  it('reads the package of a consume-shared or provide-shared module, scoped names too', () => {
    expect(
      sharedPackageOf(
        'consume shared module (default) site-router@^1.0.0 (strict) (fallback: /work/site-router/src/index.ts)',
      ),
    ).toEqual({ kind: 'consume', name: 'site-router' });
    expect(
      sharedPackageOf('provide shared module (default) @emotion/react@11.14.0 = /work/node_modules/x.js'),
    ).toEqual({ kind: 'provide', name: '@emotion/react' });
    expect(sharedPackageOf('/work/site-router/src/index.ts')).toBeNull();
  });
});
