/**
 * Where the shell's remote map comes from: /remotes.json, resolved for this visitor's bucket, and kept as the
 * last good map. A map that cannot be fetched or is refused (a field named in the console) is replaced by the
 * last good one this browser read, so a broken release of the map never blanks the site; with none, the
 * prerendered sections stay as they are and their code is tried again in the background (RemoteSlot).
 *
 * Every version must carry its integrity (federation/remote-map), so every file a map leads to is checked
 * against its release's SHA-384 (integrity-plugin.ts). The last good map is only ever a map that passed that
 * validation as fetched from the shell's own origin, and it is validated again when read: a stored map that
 * is malformed or lacks an integrity is discarded, never used and never stored again. What a forged stored
 * map can still do is choose among files the remotes' origins really serve with their released hashes (an
 * older published version, say): the Content-Security-Policy keeps scripts and fetches to those origins.
 */
import { bucketCookieValue, bucketIdentifierIn, bucketOf, newBucketIdentifier } from 'federation/bucket';
import {
  type ParseOptions,
  parseRemoteMapDocument,
  type RemoteMapDocument,
  RemoteMapError,
  type ResolvedRemoteMap,
  resolveRemoteMap,
} from 'federation/remote-map';
import type { RemoteName } from 'federation/remotes';
import { fetchConfigFile } from '../config/fetch-config.ts';
import { currentPreview, inPreview } from '../preview/preview-state.ts';

export const lastGoodMapKey = 'agency-remote-map';

/**
 * Integrity is relaxed only in the development shell, by its build (`rsbuild dev` sets import.meta.env.DEV):
 * its map points at the remotes' dev servers, which seal nothing. A production build has `'required'` compiled
 * in; no content of a map or of storage can change it.
 */
export const mapIntegrity: ParseOptions['integrity'] = import.meta.env.DEV ? 'optional' : 'required';

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

function forget() {
  try {
    storage()?.removeItem(lastGoodMapKey);
  } catch {
    // Denied: it is not read as good anyway.
  }
}

/** The stored map, validated as strictly as a fetched one; one that fails is discarded. */
function lastGoodMap(integrity: ParseOptions['integrity'], warn: (message: string) => void) {
  const stored = storage()?.getItem(lastGoodMapKey);
  if (!stored) return undefined;
  try {
    return parseRemoteMapDocument(JSON.parse(stored), () => undefined, { integrity });
  } catch (error) {
    warn(`[shell] the stored last good remote map is refused (${(error as Error).message}); discarding it`);
    forget();
    return undefined;
  }
}

/**
 * The remote a dev preview loads from a loopback dev server (the cookie's claim, federation/preview.ts). The
 * static host serves such a map only to a browser whose link it checked; the claim, read here unchecked, only
 * narrows what an unsealed entry may be: that remote, on that loopback origin, and no other.
 */
export function devOverride(): { remote: RemoteName; origin: string } | undefined {
  const claim = currentPreview();
  return claim?.dev ? { remote: claim.remote, origin: claim.dev } : undefined;
}

/** Every version but the dev preview's own entry keeps its integrity, as a production map must. */
function requireSealedBut(document: RemoteMapDocument, dev: { remote: RemoteName; origin: string }) {
  for (const [name, versions] of Object.entries(document.microFrontends)) {
    for (const { url, metadata } of versions ?? []) {
      if (metadata.integrity) continue;
      if (name === dev.remote && new URL(url).origin === dev.origin) continue;
      throw new RemoteMapError(`remotes.json: ${name} ${metadata.version} has no integrity`);
    }
  }
}

/**
 * The map for this visitor: this load's /remotes.json, or the last good one when it cannot be used. Only the
 * fetched map, once validated, is stored; the last good map, when used, is left as it was.
 */
export async function fetchResolvedRemoteMap(
  warn: (message: string) => void = console.warn,
  integrity: ParseOptions['integrity'] = mapIntegrity,
): Promise<ResolvedRemoteMap> {
  let document: RemoteMapDocument;
  try {
    const fetched = await fetchConfigFile('/remotes.json');
    const dev = devOverride();
    document = parseRemoteMapDocument(fetched, warn, { integrity: dev ? 'optional' : integrity });
    if (dev && integrity === 'required') requireSealedBut(document, dev);
    // A preview's map is this browser's for a while: it must not outlive the preview as the last good map.
    if (!inPreview()) remember(document);
  } catch (error) {
    const fallback = lastGoodMap(integrity, warn);
    if (!fallback) throw error;
    warn(`[shell] ${(error as Error).message}; using the last good remote map`);
    document = fallback;
  }
  return resolveRemoteMap(document, visitorBucket());
}
