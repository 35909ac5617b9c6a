import { type RemoteName, remoteNames } from './remotes.ts';

export type RemoteMap = Partial<Record<RemoteName, string>>;
/** Per remote, the SRI value (SHA-384) its release recorded for its mf-manifest.json. */
export type RemoteIntegrity = Partial<Record<RemoteName, string>>;

/**
 * One remote in remotes.json: the URL of its mf-manifest.json, with the SHA-384 of that manifest when the
 * version was sealed by its release. A bare URL string is the older form, still read.
 */
export type RemoteMapEntry = string | { url: string; integrity?: string };

/** The manifest URL an entry names, whichever form it has (undefined when it names none). */
export function manifestUrlOf(entry: unknown): string | undefined {
  const url = typeof entry === 'object' && entry !== null ? (entry as { url?: unknown }).url : entry;
  return typeof url === 'string' ? url : undefined;
}

/** The version a manifest URL points at: the folder that holds its mf-manifest.json. */
export function versionOfManifestUrl(url: string | undefined): string | undefined {
  return url?.match(/\/([^/]+)\/mf-manifest\.json$/)?.[1];
}

const manifestUrl = /^https?:\/\/.+\.json$/;
const sha384 = /^sha384-[A-Za-z0-9+/]{64}$/;

/**
 * Validates remotes.json: an object from remote name to its manifest, given either as the absolute URL of its
 * mf-manifest.json or, for a version sealed by its release, as { url, integrity } with the manifest's SHA-384.
 * A bad entry is reported and skipped (that remote's slots show their fallback); the others still load.
 */
export function parseRemoteMapEntries(
  input: unknown,
  warn: (message: string) => void = console.warn,
): { urls: RemoteMap; integrity: RemoteIntegrity } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new Error('remotes.json must be a JSON object from remote name to manifest URL');
  }
  const urls: RemoteMap = {};
  const integrity: RemoteIntegrity = {};
  for (const [name, entry] of Object.entries(input)) {
    if (!remoteNames.includes(name as RemoteName)) {
      warn(`remotes.json: ignoring unknown remote "${name}"`);
      continue;
    }
    const sealed = typeof entry === 'object' && entry !== null && !Array.isArray(entry);
    const url: unknown = sealed ? (entry as { url?: unknown }).url : entry;
    const hash: unknown = sealed ? (entry as { integrity?: unknown }).integrity : undefined;
    if (typeof url !== 'string' || !manifestUrl.test(url)) {
      warn(
        `remotes.json: "${name}" must be an absolute http(s) URL of an mf-manifest.json, got ${JSON.stringify(url)}`,
      );
      continue;
    }
    if (hash !== undefined && (typeof hash !== 'string' || !sha384.test(hash))) {
      warn(
        `remotes.json: "${name}".integrity must be a SHA-384 SRI value (sha384-…), got ${JSON.stringify(hash)}`,
      );
      continue;
    }
    urls[name as RemoteName] = url;
    if (typeof hash === 'string') integrity[name as RemoteName] = hash;
  }
  return { urls, integrity };
}

/** remotes.json as name → manifest URL (see parseRemoteMapEntries). */
export function parseRemoteMap(input: unknown, warn: (message: string) => void = console.warn): RemoteMap {
  return parseRemoteMapEntries(input, warn).urls;
}
