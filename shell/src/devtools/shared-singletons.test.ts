import { describe, expect, it } from 'vitest';
import { sharedRows } from './shared-singletons.ts';

describe('sharedRows', () => {
  it('is undefined until the federation runtime has started a host named shell', () => {
    expect(sharedRows(undefined)).toBeUndefined();
    expect(sharedRows({ __INSTANCES__: [] })).toBeUndefined();
    expect(sharedRows({ __INSTANCES__: [{ name: 'mf_contact', shareScopeMap: {} }] })).toBeUndefined();
  });

  it('lists each package version, who lent it, who uses it and the range declared, sorted by name', () => {
    const federation = {
      __INSTANCES__: [
        {
          name: 'shell',
          shareScopeMap: {
            default: {
              react: {
                '19.2.1': {
                  from: 'shell',
                  useIn: ['mf_contact', 'mf_portfolio', 'mf_contact'],
                  loaded: true,
                  shareConfig: { requiredVersion: '^19.2.0' },
                },
              },
              '@emotion/react': {
                '11.14.0': { from: 'shell', useIn: [], shareConfig: { requiredVersion: false } },
              },
            },
          },
        },
      ],
    };
    expect(sharedRows(federation)).toEqual([
      {
        name: '@emotion/react',
        version: '11.14.0',
        from: 'shell',
        usedBy: [],
        required: false,
        loaded: false,
      },
      {
        name: 'react',
        version: '19.2.1',
        from: 'shell',
        usedBy: ['mf_contact', 'mf_portfolio'],
        required: '^19.2.0',
        loaded: true,
      },
    ]);
  });
});
