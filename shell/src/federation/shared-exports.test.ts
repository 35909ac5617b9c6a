import { siteRouterSurface } from 'site-router';
import { describe, expect, it } from 'vitest';
import { shippedSharedExports } from './shared-exports.ts';

describe('shippedSharedExports', () => {
  it('lists what the shell’s site-router exports: its router surface and the list of it', () => {
    expect(shippedSharedExports['site-router']).toEqual([...siteRouterSurface, 'siteRouterSurface'].sort());
  });
});
