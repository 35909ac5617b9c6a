import { describe, expect, it, vi } from 'vitest';
import { parseRemoteMap, parseRemoteMapEntries } from './remote-map.ts';

describe('parseRemoteMap', () => {
  it('keeps valid entries of known remotes', () => {
    const map = { mf_marketing: 'https://cdn.example/mf-marketing/1.0.0/mf-manifest.json' };
    expect(parseRemoteMap(map, vi.fn())).toEqual(map);
  });

  it.each([
    ['not an object', 'remotes'],
    ['null', null],
    ['an array', ['mf_marketing']],
  ])('rejects a map that is %s', (_label, input) => {
    expect(() => parseRemoteMap(input, vi.fn())).toThrow(/must be a JSON object/);
  });

  it('skips unknown remotes and bad URLs with a warning naming them, keeping the rest', () => {
    const warn = vi.fn();
    const map = parseRemoteMap(
      {
        mf_marketing: 'http://localhost:3001/v1/mf-manifest.json',
        mf_portfolio: 'not a url',
        mf_contact: 42,
        mf_unknown: 'http://localhost:3009/mf-manifest.json',
      },
      warn,
    );
    expect(map).toEqual({ mf_marketing: 'http://localhost:3001/v1/mf-manifest.json' });
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls.flat().join('\n')).toMatch(/mf_portfolio[\s\S]*mf_contact[\s\S]*mf_unknown/);
  });
});

describe('parseRemoteMapEntries', () => {
  const integrity = `sha384-${'A'.repeat(64)}`;

  it('reads a sealed entry (URL and manifest SHA-384) beside a bare URL', () => {
    const parsed = parseRemoteMapEntries(
      {
        mf_marketing: { url: 'http://localhost:3001/v1/mf-manifest.json', integrity },
        mf_contact: 'http://localhost:3003/v1/mf-manifest.json',
      },
      vi.fn(),
    );
    expect(parsed).toEqual({
      urls: {
        mf_marketing: 'http://localhost:3001/v1/mf-manifest.json',
        mf_contact: 'http://localhost:3003/v1/mf-manifest.json',
      },
      integrity: { mf_marketing: integrity },
    });
  });

  it.each([
    [
      'an integrity of another algorithm',
      { url: 'http://localhost:3001/v1/mf-manifest.json', integrity: 'sha256-abc' },
    ],
    ['an integrity that is not a string', { url: 'http://localhost:3001/v1/mf-manifest.json', integrity: 1 }],
    ['no url', { integrity }],
  ])('skips an entry with %s, naming the remote', (_label, entry) => {
    const warn = vi.fn();
    expect(parseRemoteMapEntries({ mf_marketing: entry }, warn)).toEqual({ urls: {}, integrity: {} });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"mf_marketing"'));
  });
});
