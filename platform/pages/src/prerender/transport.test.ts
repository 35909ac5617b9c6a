import { describe, expect, it } from 'vitest';
import { assetBasesOf } from './transport.ts';

describe('the asset bases the worker gives the shell', () => {
  it('names, per remote, the folder its manifest is served from', () => {
    expect(
      assetBasesOf({
        mf_portfolio: 'http://localhost:3002/1.0.0-abc/mf-manifest.json',
        mf_marketing: 'https://cdn.example.com/mf-marketing/2.0.0-def/mf-manifest.json',
      }),
    ).toEqual({
      mf_portfolio: 'http://localhost:3002/1.0.0-abc/',
      mf_marketing: 'https://cdn.example.com/mf-marketing/2.0.0-def/',
    });
  });

  it('leaves out an entry that is no URL', () => {
    expect(assetBasesOf({ mf_contact: 'not a url', mf_portfolio: undefined })).toEqual({});
  });
});
