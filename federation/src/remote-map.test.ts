import { describe, expect, it, vi } from 'vitest';
import {
  bucketRanges,
  defaultRemoteMap,
  parseRemoteMapDocument,
  pinnedDocument,
  RemoteMapError,
  remoteMapSchema,
  resolveRemoteMap,
  urlsAndIntegrity,
  versionOfManifestUrl,
} from './remote-map.ts';

const integrity = `sha384-${'A'.repeat(64)}`;
const otherIntegrity = `sha384-${'B'.repeat(64)}`;
const manifest = (remote: string, version: string) =>
  `http://localhost:3001/${remote}/${version}/mf-manifest.json`;
const version = (remote: string, name: string, traffic: number, isDefault: boolean) => ({
  url: manifest(remote, name),
  metadata: { version: name, integrity },
  deployment: { traffic, default: isDefault },
});
const documentOf = (microFrontends: Record<string, unknown>) => ({ schema: remoteMapSchema, microFrontends });

describe('parseRemoteMapDocument', () => {
  it('reads a versioned map with a canary beside the default', () => {
    const input = documentOf({
      mf_marketing: [
        {
          ...version('mf-marketing', '1.0.0-a', 90, true),
          extras: { releasedAt: '2026-11-20T10:00:00.000Z' },
        },
        {
          ...version('mf-marketing', '1.0.1-b', 10, false),
          metadata: { version: '1.0.1-b', integrity: otherIntegrity },
        },
      ],
    });
    const parsed = parseRemoteMapDocument(input, vi.fn());
    expect(parsed.microFrontends.mf_marketing?.map((entry) => entry.metadata)).toEqual([
      { version: '1.0.0-a', integrity },
      { version: '1.0.1-b', integrity: otherIntegrity },
    ]);
    expect(parsed.microFrontends.mf_marketing?.[0]?.extras).toEqual({
      releasedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('migrates the older form (bare URL, or URL with integrity) to one default version per remote', () => {
    const parsed = parseRemoteMapDocument(
      {
        mf_marketing: { url: manifest('mf-marketing', '1.0.0-a'), integrity },
        mf_contact: manifest('mf-contact', '2.0.0-c'),
      },
      vi.fn(),
      { integrity: 'optional' },
    );
    expect(parsed).toEqual({
      schema: remoteMapSchema,
      microFrontends: {
        mf_marketing: [
          {
            url: manifest('mf-marketing', '1.0.0-a'),
            metadata: { version: '1.0.0-a', integrity },
            deployment: { traffic: 100, default: true },
          },
        ],
        mf_contact: [
          {
            url: manifest('mf-contact', '2.0.0-c'),
            metadata: { version: '2.0.0-c' },
            deployment: { traffic: 100, default: true },
          },
        ],
      },
    });
  });

  it('requires every version’s integrity unless the reader relaxes it (the development shell only)', () => {
    const unsealed = documentOf({
      mf_marketing: [{ ...version('m', 'a', 100, true), metadata: { version: 'a' } }],
    });
    expect(() => parseRemoteMapDocument(unsealed, vi.fn())).toThrow(
      /microFrontends\.mf_marketing\[0\]\.metadata\.integrity must be a SHA-384 SRI value \(sha384-…\), got nothing/,
    );
    expect(() => parseRemoteMapDocument(unsealed, vi.fn(), { integrity: 'required' })).toThrow(
      RemoteMapError,
    );
    // Relaxed, a missing integrity passes; a wrong one is still refused.
    expect(
      parseRemoteMapDocument(unsealed, vi.fn(), { integrity: 'optional' }).microFrontends.mf_marketing,
    ).toHaveLength(1);
    const wrong = documentOf({
      mf_marketing: [{ ...version('m', 'a', 100, true), metadata: { version: 'a', integrity: 'sha384-x' } }],
    });
    expect(() => parseRemoteMapDocument(wrong, vi.fn(), { integrity: 'optional' })).toThrow(RemoteMapError);
    // One unsealed version refuses the whole map, not just its remote.
    const oneUnsealed = documentOf({
      mf_contact: [version('c', 'only', 100, true)],
      mf_marketing: [
        version('m', 'a', 90, true),
        { ...version('m', 'b', 10, false), metadata: { version: 'b' } },
      ],
    });
    expect(() => parseRemoteMapDocument(oneUnsealed, vi.fn())).toThrow(
      /mf_marketing\[1\]\.metadata\.integrity/,
    );
  });

  it('refuses the older form’s bare URL (it carries no integrity) unless relaxed', () => {
    expect(() => parseRemoteMapDocument({ mf_contact: manifest('mf-contact', '2.0.0-c') }, vi.fn())).toThrow(
      /mf_contact\[0\]\.metadata\.integrity must be/,
    );
  });

  it('reads a manifest at the root of a dev server as unversioned, not as a version named after its host', () => {
    const url = 'http://localhost:3001/mf-manifest.json';
    expect(versionOfManifestUrl(url)).toBeUndefined();
    expect(versionOfManifestUrl('http://localhost:3001/1.0.0-a/mf-manifest.json')).toBe('1.0.0-a');
    expect(versionOfManifestUrl('/mf-marketing/1.0.0-a/mf-manifest.json')).toBe('1.0.0-a');
    const parsed = parseRemoteMapDocument({ mf_marketing: url }, vi.fn(), { integrity: 'optional' });
    expect(parsed.microFrontends.mf_marketing).toEqual([
      { url, metadata: { version: 'unversioned' }, deployment: { traffic: 100, default: true } },
    ]);
  });

  it('skips a remote this shell does not know, with a warning naming it', () => {
    const warn = vi.fn();
    const parsed = parseRemoteMapDocument(
      documentOf({
        mf_unknown: [version('x', '1', 100, true)],
        mf_contact: [version('mf-contact', '1', 100, true)],
      }),
      warn,
    );
    expect(Object.keys(parsed.microFrontends)).toEqual(['mf_contact']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"mf_unknown"'));
  });

  it.each([
    ['not an object', 'remotes', /the map must be a JSON object/],
    ['an array', ['mf_marketing'], /the map must be/],
    ['without a schema', { microFrontends: {} }, /schema must be/],
    ['with microFrontends a list', { schema: 's', microFrontends: [] }, /microFrontends must be an object/],
    [
      'with an empty version list',
      documentOf({ mf_marketing: [] }),
      /microFrontends\.mf_marketing must be a non-empty list/,
    ],
    [
      'with three versions',
      documentOf({
        mf_marketing: [
          version('m', 'a', 80, true),
          version('m', 'b', 10, false),
          version('m', 'c', 10, false),
        ],
      }),
      /microFrontends\.mf_marketing must be at most 2 versions/,
    ],
    [
      'with a URL that is not a manifest',
      documentOf({ mf_marketing: [{ ...version('m', 'a', 100, true), url: 'javascript:alert(1)' }] }),
      /microFrontends\.mf_marketing\[0\]\.url must be an absolute http\(s\) URL/,
    ],
    [
      'without metadata',
      documentOf({
        mf_marketing: [{ url: manifest('m', 'a'), deployment: { traffic: 100, default: true } }],
      }),
      /microFrontends\.mf_marketing\[0\]\.metadata must be an object/,
    ],
    [
      'with a version name holding a slash',
      documentOf({
        mf_marketing: [{ ...version('m', 'a', 100, true), metadata: { version: '../a', integrity } }],
      }),
      /\[0\]\.metadata\.version must be a version name/,
    ],
    [
      'with an integrity of another algorithm',
      documentOf({
        mf_marketing: [
          { ...version('m', 'a', 100, true), metadata: { version: 'a', integrity: 'sha256-x' } },
        ],
      }),
      /\[0\]\.metadata\.integrity must be a SHA-384 SRI value/,
    ],
    [
      'with traffic above 100',
      documentOf({ mf_marketing: [version('m', 'a', 101, true)] }),
      /\[0\]\.deployment\.traffic must be a whole percent from 0 to 100, got 101/,
    ],
    [
      'with a fractional traffic',
      documentOf({ mf_marketing: [version('m', 'a', 50.5, true), version('m', 'b', 49.5, false)] }),
      /\[0\]\.deployment\.traffic must be a whole percent/,
    ],
    [
      'with default not a boolean',
      documentOf({
        mf_marketing: [{ ...version('m', 'a', 100, true), deployment: { traffic: 100, default: 'yes' } }],
      }),
      /\[0\]\.deployment\.default must be true or false/,
    ],
    [
      'with two defaults',
      documentOf({ mf_marketing: [version('m', 'a', 50, true), version('m', 'b', 50, true)] }),
      /mf_marketing\[\]\.deployment\.default must be true for exactly one version, got 2/,
    ],
    [
      'with traffic that does not add up to 100',
      documentOf({ mf_marketing: [version('m', 'a', 80, true), version('m', 'b', 10, false)] }),
      /mf_marketing\[\]\.deployment\.traffic must be shares that add up to 100, got 90/,
    ],
    [
      'with the same version twice',
      documentOf({ mf_marketing: [version('m', 'a', 50, true), version('m', 'a', 50, false)] }),
      /mf_marketing\[\]\.metadata\.version must be different versions/,
    ],
    [
      'with a release time that is no date',
      documentOf({ mf_marketing: [{ ...version('m', 'a', 100, true), extras: { releasedAt: 'Friday' } }] }),
      /\[0\]\.extras\.releasedAt must be an ISO date and time/,
    ],
    [
      'with a source that holds a control character',
      documentOf({
        mf_marketing: [{ ...version('m', 'a', 100, true), extras: { source: { author: 'Jane\u001b[31m' } } }],
      }),
      /\[0\]\.extras\.source must be an object of commit, ref and author/,
    ],
    [
      'with a source field it does not know',
      documentOf({
        mf_marketing: [{ ...version('m', 'a', 100, true), extras: { source: { email: 'a@b.c' } } }],
      }),
      /\[0\]\.extras\.source must be/,
    ],
  ])('refuses a map %s, naming the field', (_label, input, message) => {
    expect(() => parseRemoteMapDocument(input, vi.fn())).toThrow(RemoteMapError);
    expect(() => parseRemoteMapDocument(input, vi.fn())).toThrow(message);
  });
});

describe("a version's source in the map (issue 41)", () => {
  it('is kept beside the release time, as the release service wrote it', () => {
    const source = { commit: 'a'.repeat(40), ref: 'main', author: 'Jane Doe' };
    const extras = { releasedAt: '2026-11-20T10:00:00.000Z', source };
    const parsed = parseRemoteMapDocument(
      documentOf({ mf_marketing: [{ ...version('m', 'a', 100, true), extras }] }),
      vi.fn(),
    );
    expect(parsed.microFrontends.mf_marketing?.[0]?.extras).toEqual(extras);
  });
});

describe('resolving a map for a bucket', () => {
  const canaryMap = parseRemoteMapDocument(
    documentOf({
      mf_marketing: [version('m', 'stable', 75, true), version('m', 'canary', 25, false)],
      mf_portfolio: [version('p', 'stable', 50, true), version('p', 'canary', 50, false)],
      mf_contact: [version('c', 'only', 100, true)],
    }),
    vi.fn(),
  );
  const versions = (bucket: number) =>
    Object.fromEntries(
      Object.entries(resolveRemoteMap(canaryMap, bucket)).map(([name, r]) => [name, r?.version]),
    );

  it('gives the canaries the lowest buckets and the default the rest', () => {
    expect(versions(0)).toEqual({ mf_marketing: 'canary', mf_portfolio: 'canary', mf_contact: 'only' });
    expect(versions(24)).toEqual({ mf_marketing: 'canary', mf_portfolio: 'canary', mf_contact: 'only' });
    expect(versions(25)).toEqual({ mf_marketing: 'stable', mf_portfolio: 'canary', mf_contact: 'only' });
    expect(versions(49)).toEqual({ mf_marketing: 'stable', mf_portfolio: 'canary', mf_contact: 'only' });
    expect(versions(50)).toEqual({ mf_marketing: 'stable', mf_portfolio: 'stable', mf_contact: 'only' });
    expect(versions(99)).toEqual({ mf_marketing: 'stable', mf_portfolio: 'stable', mf_contact: 'only' });
  });

  it('the default map is every remote’s default version', () => {
    expect(urlsAndIntegrity(defaultRemoteMap(canaryMap)).urls).toEqual({
      mf_marketing: manifest('m', 'stable'),
      mf_portfolio: manifest('p', 'stable'),
      mf_contact: manifest('c', 'only'),
    });
  });

  it('cuts the buckets into ranges of the same versions, the default’s last', () => {
    const ranges = bucketRanges(canaryMap);
    expect(ranges.map(({ from, to }) => [from, to])).toEqual([
      [0, 25],
      [25, 50],
      [50, 100],
    ]);
    expect(ranges.at(-1)?.resolved).toEqual(defaultRemoteMap(canaryMap));
    for (const { from, to, resolved } of ranges) {
      expect(resolveRemoteMap(canaryMap, to - 1)).toEqual(resolved);
      expect(resolveRemoteMap(canaryMap, from)).toEqual(resolved);
    }
  });

  it('a map without a canary, or with a canary at 0%, is one range', () => {
    const stable = parseRemoteMapDocument(
      documentOf({ mf_contact: [version('c', 'only', 100, true)] }),
      vi.fn(),
    );
    expect(bucketRanges(stable).map(({ from, to }) => [from, to])).toEqual([[0, 100]]);
    const paused = parseRemoteMapDocument(
      documentOf({ mf_contact: [version('c', 'a', 100, true), version('c', 'b', 0, false)] }),
      vi.fn(),
    );
    expect(bucketRanges(paused).map(({ from, to }) => [from, to])).toEqual([[0, 100]]);
  });

  it('a pinned document resolves to the same versions for every bucket', () => {
    const resolved = resolveRemoteMap(canaryMap, 10);
    const pinned = parseRemoteMapDocument(pinnedDocument(resolved), vi.fn());
    expect(resolveRemoteMap(pinned, 99)).toEqual(resolved);
    expect(resolveRemoteMap(pinned, 0)).toEqual(resolved);
  });
});
