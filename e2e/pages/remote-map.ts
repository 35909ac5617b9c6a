import type { APIRequestContext } from '@playwright/test';
import type { RemoteName } from 'build-config/topology';
import { manifestUrlOf } from 'federation/remote-map';

/**
 * The served remotes.json as name → manifest URL. An entry is a URL, or { url, integrity } for a version
 * sealed by its release (the integrity is the manifest's SHA-384, checked by the shell).
 */
export async function fetchManifestUrls(request: APIRequestContext): Promise<Record<RemoteName, string>> {
  const raw = (await (await request.get('/remotes.json')).json()) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(raw).map(([name, entry]) => [name, manifestUrlOf(entry) ?? '']),
  ) as Record<RemoteName, string>;
}
