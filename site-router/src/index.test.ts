import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import * as siteRouter from './index.ts';
import { type SiteRouterExport, siteRouterSurface } from './index.ts';

/** react-router-dom's own bindings, by surface name (typed: a name added to the surface must be added here). */
const reactRouterDomBindings: Record<SiteRouterExport, unknown> = { Link, useLocation, useSearchParams };

describe('site-router', () => {
  it('exports exactly the router API its surface lists, and the list itself', () => {
    const routerExports = Object.keys(siteRouter).filter((name) => name !== 'siteRouterSurface');
    expect(routerExports.sort()).toEqual([...siteRouterSurface].sort());
  });

  it('re-exports react-router-dom’s own bindings, so the shell’s router and a remote’s links share one context', () => {
    const routerBindings = Object.entries(siteRouter).filter(([name]) => name !== 'siteRouterSurface');
    expect(Object.fromEntries(routerBindings)).toEqual(reactRouterDomBindings);
    for (const [name, binding] of routerBindings) {
      expect(binding, name).toBe(reactRouterDomBindings[name as SiteRouterExport]);
    }
  });
});
