import { type RemoteName, remoteNames } from './imports.ts';

export type RemoteMap = Partial<Record<RemoteName, string>>;

/**
 * Validates remotes.json: an object from remote name to the absolute URL of its mf-manifest.json.
 * A bad entry is reported and skipped (that remote's slots show their fallback); the others still load.
 */
export function parseRemoteMap(input: unknown, warn: (message: string) => void = console.warn): RemoteMap {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new Error('remotes.json must be a JSON object from remote name to manifest URL');
  }
  const map: RemoteMap = {};
  for (const [name, url] of Object.entries(input)) {
    if (!remoteNames.includes(name as RemoteName)) {
      warn(`remotes.json: ignoring unknown remote "${name}"`);
      continue;
    }
    if (typeof url !== 'string' || !/^https?:\/\/.+\.json$/.test(url)) {
      warn(
        `remotes.json: "${name}" must be an absolute http(s) URL of an mf-manifest.json, got ${JSON.stringify(url)}`,
      );
      continue;
    }
    map[name as RemoteName] = url;
  }
  return map;
}
