import type { APIRequestContext } from '@playwright/test';
import type { RemoteName } from 'build-config/topology';
import { defaultRemoteMap, parseRemoteMapDocument, urlsAndIntegrity } from 'federation/remote-map';

/** The served remotes.json as name → the manifest URL of each remote's default version. */
export async function fetchManifestUrls(request: APIRequestContext): Promise<Record<RemoteName, string>> {
  const document = parseRemoteMapDocument(await (await request.get('/remotes.json')).json());
  return urlsAndIntegrity(defaultRemoteMap(document)).urls as Record<RemoteName, string>;
}
