/**
 * Where the shell's remote map comes from: /remotes.json, resolved for this visitor's bucket, and kept as the
 * last good map. A map that cannot be fetched or is refused (a field named in the console) is replaced by the
 * last good one this browser read, so a broken release of the map never blanks the site; with none, every
 * slot shows its fallback beside a working header and footer.
 */
import { bucketCookieValue, bucketIdentifierIn, bucketOf, newBucketIdentifier } from 'federation/bucket';
import {
  parseRemoteMapDocument,
  type RemoteMapDocument,
  type ResolvedRemoteMap,
  resolveRemoteMap,
} from 'federation/remote-map';
import { fetchConfigFile } from '../config/fetch-config.ts';

export const lastGoodMapKey = 'agency-remote-map';

/**
 * The visitor's bucket (0–99). The static host sets the cookie with the first page, so the page it served
 * was rendered for this bucket; a host that does not (the dev server) leaves it to the shell. In Node (the
 * prerender) there is no visitor: the prerender's map pins one version per remote, so any bucket resolves it.
 */
export function visitorBucket(): number {
  if (typeof document === 'undefined') return 0;
  let identifier = bucketIdentifierIn(document.cookie);
  if (!identifier) {
    identifier = newBucketIdentifier();
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the phones we build for; one write per visitor.
    document.cookie = bucketCookieValue(identifier, location.protocol === 'https:');
  }
  return bucketOf(identifier);
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    // Storage denied (privacy settings): no last good map, nothing else changes.
    return undefined;
  }
}

function remember(document: RemoteMapDocument) {
  try {
    storage()?.setItem(lastGoodMapKey, JSON.stringify(document));
  } catch {
    // Full or denied: the map in use is still good for this page.
  }
}

function lastGoodMap(): RemoteMapDocument | undefined {
  const stored = storage()?.getItem(lastGoodMapKey);
  if (!stored) return undefined;
  try {
    return parseRemoteMapDocument(JSON.parse(stored), () => undefined);
  } catch {
    return undefined;
  }
}

/** The map for this visitor: this load's /remotes.json, or the last good one when it cannot be used. */
export async function fetchResolvedRemoteMap(
  warn: (message: string) => void = console.warn,
): Promise<ResolvedRemoteMap> {
  let document: RemoteMapDocument;
  try {
    document = parseRemoteMapDocument(await fetchConfigFile('/remotes.json'), warn);
  } catch (error) {
    const fallback = lastGoodMap();
    if (!fallback) throw error;
    warn(`[shell] ${(error as Error).message}; using the last good remote map`);
    document = fallback;
  }
  remember(document);
  return resolveRemoteMap(document, visitorBucket());
}
