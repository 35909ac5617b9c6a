import { bucketCookie, bucketOf, newBucketIdentifier } from 'federation/bucket';
import { encodePreviewClaim } from 'federation/preview';
import { remoteMapSchema } from 'federation/remote-map';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const served = vi.hoisted(() => ({ map: undefined as unknown, fail: false }));
vi.mock(import('../config/fetch-config.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  fetchConfigFile: vi.fn(async () => {
    if (served.fail) throw new Error('/remotes.json answered 503');
    return served.map;
  }),
}));

const { fetchResolvedRemoteMap, lastGoodMapKey, visitorBucket } = await import('./remote-map-source.ts');

const manifest = (version: string) => `http://localhost:3001/${version}/mf-manifest.json`;
const integrity = `sha384-${'A'.repeat(64)}`;
const canaryMap = {
  schema: remoteMapSchema,
  microFrontends: {
    mf_marketing: [
      {
        url: manifest('stable'),
        metadata: { version: 'stable', integrity },
        deployment: { traffic: 50, default: true },
      },
      {
        url: manifest('canary'),
        metadata: { version: 'canary', integrity },
        deployment: { traffic: 50, default: false },
      },
    ],
  },
};

/** An identifier whose bucket is in [from, to). */
function identifierIn(from: number, to: number): string {
  for (;;) {
    const id = newBucketIdentifier();
    if (bucketOf(id) >= from && bucketOf(id) < to) return id;
  }
}

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test resets the cookie the shell writes.
  document.cookie = `${bucketCookie}=; Max-Age=0; Path=/`;
};
const setCookie = (id: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test plays the static host, which sets the cookie.
  document.cookie = `${bucketCookie}=${id}; Path=/`;
};

describe('the remote map a visitor loads', () => {
  beforeEach(() => {
    served.map = canaryMap;
    served.fail = false;
    localStorage.clear();
    clearCookie();
  });
  afterEach(() => vi.restoreAllMocks());

  it('gives a visitor without a cookie one, and the same bucket on every later read', () => {
    const first = visitorBucket();
    expect(document.cookie).toMatch(new RegExp(`${bucketCookie}=[0-9a-f]{32}`));
    expect(visitorBucket()).toBe(first);
  });

  it('resolves the canary for a visitor in its buckets and the default for the others', async () => {
    setCookie(identifierIn(0, 50));
    expect((await fetchResolvedRemoteMap(vi.fn())).mf_marketing?.version).toBe('canary');
    setCookie(identifierIn(50, 100));
    expect((await fetchResolvedRemoteMap(vi.fn())).mf_marketing?.version).toBe('stable');
  });

  it('falls back to the last good map when the served one is refused, naming the field', async () => {
    setCookie(identifierIn(50, 100));
    await fetchResolvedRemoteMap(vi.fn());
    served.map = { schema: remoteMapSchema, microFrontends: { mf_marketing: [{ url: 'nope' }] } };
    const warn = vi.fn();
    const resolved = await fetchResolvedRemoteMap(warn);
    expect(resolved.mf_marketing?.url).toBe(manifest('stable'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('microFrontends.mf_marketing[0].url'));
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('using the last good remote map'));
  });

  it('falls back to the last good map when the map cannot be fetched', async () => {
    await fetchResolvedRemoteMap(vi.fn());
    served.fail = true;
    const resolved = await fetchResolvedRemoteMap(vi.fn());
    expect(resolved.mf_marketing).toBeDefined();
  });

  it('with no good map ever read, the error reaches the slots (they show their fallback)', async () => {
    served.fail = true;
    await expect(fetchResolvedRemoteMap(vi.fn())).rejects.toThrow('503');
  });

  it('ignores a stored map that is no longer valid, and discards it', async () => {
    localStorage.setItem(lastGoodMapKey, '{"schema":1}');
    served.fail = true;
    await expect(fetchResolvedRemoteMap(vi.fn())).rejects.toThrow('503');
    expect(localStorage.getItem(lastGoodMapKey)).toBeNull();
  });
});

describe('integrity and the last good map', () => {
  const unsealed = {
    schema: remoteMapSchema,
    microFrontends: {
      mf_marketing: [
        {
          url: manifest('forged'),
          metadata: { version: 'forged' },
          deployment: { traffic: 100, default: true },
        },
      ],
    },
  };

  beforeEach(() => {
    served.map = canaryMap;
    served.fail = false;
    localStorage.clear();
    clearCookie();
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses a served map with a version without integrity, and stores nothing of it', async () => {
    served.map = unsealed;
    await expect(fetchResolvedRemoteMap(vi.fn(), 'required')).rejects.toThrow(
      'microFrontends.mf_marketing[0].metadata.integrity must be a SHA-384 SRI value',
    );
    expect(localStorage.getItem(lastGoodMapKey)).toBeNull();
  });

  it('keeps the last good map when the served one lacks integrity', async () => {
    await fetchResolvedRemoteMap(vi.fn(), 'required');
    served.map = unsealed;
    const resolved = await fetchResolvedRemoteMap(vi.fn(), 'required');
    expect(resolved.mf_marketing?.integrity).toBe(integrity);
    expect(JSON.parse(localStorage.getItem(lastGoodMapKey) ?? '{}')).toEqual(canaryMap);
  });

  it('never uses a stored map without integrity: it is discarded, not saved again', async () => {
    localStorage.setItem(lastGoodMapKey, JSON.stringify(unsealed));
    served.fail = true;
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const warn = vi.fn();
    await expect(fetchResolvedRemoteMap(warn, 'required')).rejects.toThrow('503');
    expect(localStorage.getItem(lastGoodMapKey)).toBeNull();
    expect(setItem).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('metadata.integrity'));
  });

  it('uses a valid stored map without storing it again', async () => {
    await fetchResolvedRemoteMap(vi.fn(), 'required');
    served.fail = true;
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const resolved = await fetchResolvedRemoteMap(vi.fn(), 'required');
    expect(resolved.mf_marketing?.integrity).toBe(integrity);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('the development shell alone reads a map without integrity (its build relaxes it, not the map)', async () => {
    served.map = unsealed;
    expect((await fetchResolvedRemoteMap(vi.fn(), 'optional')).mf_marketing?.version).toBe('forged');
  });
  it('keeps a preview’s map out of the last good map: it must not outlive the preview', async () => {
    const payload = encodePreviewClaim({ remote: 'mf_marketing', version: 'canary', expires: 4e9 });
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the static host sets when a preview link opens.
    document.cookie = `agency-preview=${payload}.${'s'.repeat(43)}; path=/`;
    try {
      expect((await fetchResolvedRemoteMap(vi.fn(), 'required')).mf_marketing).toBeDefined();
      expect(localStorage.getItem(lastGoodMapKey)).toBeNull();
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
      document.cookie = 'agency-preview=; path=/; max-age=0';
    }
  });
  it('in a dev preview, takes an unsealed entry only for that remote on that loopback origin', async () => {
    const payload = encodePreviewClaim({
      remote: 'mf_marketing',
      dev: 'http://localhost:3101',
      expires: 4e9,
    });
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the static host sets when a dev link opens.
    document.cookie = `agency-preview=${payload}.${'s'.repeat(43)}; path=/`;
    const unsealedAt = (url: string) => ({
      schema: remoteMapSchema,
      microFrontends: {
        mf_marketing: [{ url, metadata: { version: 'dev' }, deployment: { traffic: 100, default: true } }],
      },
    });
    try {
      served.map = unsealedAt('http://localhost:3101/mf-manifest.json');
      expect((await fetchResolvedRemoteMap(vi.fn(), 'required')).mf_marketing?.version).toBe('dev');
      for (const url of [
        'http://localhost:3999/mf-manifest.json',
        'https://cdn.example.com/mf-manifest.json',
      ]) {
        served.map = unsealedAt(url);
        await expect(fetchResolvedRemoteMap(vi.fn(), 'required')).rejects.toThrow('has no integrity');
      }
    } finally {
      // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
      document.cookie = 'agency-preview=; path=/; max-age=0';
    }
  });

  it('without a dev preview, refuses an unsealed loopback entry as any other', async () => {
    served.map = {
      schema: remoteMapSchema,
      microFrontends: {
        mf_marketing: [
          { url: manifest('dev'), metadata: { version: 'dev' }, deployment: { traffic: 100, default: true } },
        ],
      },
    };
    await expect(fetchResolvedRemoteMap(vi.fn(), 'required')).rejects.toThrow('integrity');
  });
});
