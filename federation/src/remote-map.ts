/**
 * The environment's remote map (served as /remotes.json), in the shape of the frontend-discovery schema: per
 * remote, the versions live now, each with its manifest URL, its version and sealed SHA-384 (`metadata`), and
 * its share of visitors (`deployment`). One version is the default; a canary, when there is one, takes a share
 * of the visitors' buckets (bucket.ts) and the default takes the rest. Browser-safe: the shell parses and
 * resolves it, the release tooling writes it, the page generator renders one page variant per resolution.
 */

import type { ReleaseSource } from 'build-config/release-protocol';
import { versionName } from './preview.ts';
import { type RemoteName, remoteNames } from './remote-names.ts';

/** The schema the map follows; written into every map so a reader can tell its shape. */
export const remoteMapSchema = 'https://github.com/awslabs/frontend-discovery/blob/main/schema/v1-pre.json';

/** One live version of a remote. */
export interface RemoteVersionEntry {
  /** Absolute URL of this version's mf-manifest.json. */
  url: string;
  metadata: {
    version: string;
    /**
     * SHA-384 SRI value of the manifest, sealed by its release. Required: an entry without it is refused like a
     * malformed one. Only a map the development shell computes (no release, no seal) may omit it, and only
     * when its reader says so (`ParseOptions.integrity`).
     */
    integrity?: string;
  };
  deployment: {
    /** Percent of visitors' buckets (0–100) this version is served to. */
    traffic: number;
    /** The version everyone else gets; exactly one per remote. */
    default: boolean;
  };
  /**
   * When this version entered the map (ISO time), for the release status; where it came from (its commit, branch
   * or tag and who released it: build-config/release-protocol's ReleaseSource), when its upload said.
   */
  extras?: { releasedAt?: string; source?: ReleaseSource };
}

export interface RemoteMapDocument {
  schema: string;
  microFrontends: Partial<Record<RemoteName, RemoteVersionEntry[]>>;
}

/** What one visitor loads of a remote: one version. */
export interface ResolvedRemote {
  url: string;
  version: string;
  integrity?: string;
}

export type ResolvedRemoteMap = Partial<Record<RemoteName, ResolvedRemote>>;

/** Remote name → manifest URL, as the federation runtime registers remotes. */
export type RemoteMap = Partial<Record<RemoteName, string>>;
/** Per remote, the SRI value (SHA-384) its release recorded for its mf-manifest.json. */
export type RemoteIntegrity = Partial<Record<RemoteName, string>>;

/**
 * How strictly a map is read. Every map a release writes, and every map a production shell reads, requires
 * each version's integrity; only the development shell, whose map points at dev servers that seal nothing,
 * relaxes it (shell/src/federation/remote-map-source.ts, by a flag of its build, never by the map's data).
 */
export interface ParseOptions {
  integrity?: 'required' | 'optional';
}

/** A map refused as a whole; the message names the field at fault. */
export class RemoteMapError extends Error {
  override name = 'RemoteMapError';
}

/**
 * The version a manifest URL points at: the folder of its path that holds its mf-manifest.json. A manifest at
 * the root of its origin (a dev server's, `http://localhost:3001/mf-manifest.json`) has none: its host is no
 * version.
 */
export function versionOfManifestUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  let path: string;
  try {
    // The base only lets a path without an origin (`/mf-marketing/1.0.0/mf-manifest.json`) be read too.
    path = new URL(url, 'http://relative.invalid/').pathname;
  } catch {
    return undefined;
  }
  return path.match(/\/([^/]+)\/mf-manifest\.json$/)?.[1];
}

/** At most a default and one canary: the release tooling never writes more, and a page variant per pair. */
export const maxVersionsPerRemote = 2;

const manifestUrl = /^https?:\/\/.+\.json$/;
const sha384 = /^sha384-[A-Za-z0-9+/]{64}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fail(field: string, expected: string, got: unknown): never {
  throw new RemoteMapError(
    `remotes.json: ${field} must be ${expected}, got ${JSON.stringify(got) ?? 'nothing'}`,
  );
}

/**
 * The form remotes.json had before versions and traffic: remote name → manifest URL, or { url, integrity }.
 * Read as one default version per remote, so an environment released with older tooling keeps working.
 */
function isLegacyMap(input: Record<string, unknown>): boolean {
  return !('microFrontends' in input) && !('schema' in input);
}

/** A legacy map as a document: each entry becomes its remote's only version, default, all the traffic. */
export function migrateLegacyMap(input: Record<string, unknown>): Record<string, unknown> {
  const microFrontends = Object.fromEntries(
    Object.entries(input).map(([name, entry]) => {
      const sealed = isObject(entry);
      const url = sealed ? entry.url : entry;
      const integrity = sealed ? entry.integrity : undefined;
      const version = typeof url === 'string' ? (versionOfManifestUrl(url) ?? 'unversioned') : undefined;
      const metadata = integrity === undefined ? { version } : { version, integrity };
      return [name, [{ url, metadata, deployment: { traffic: 100, default: true } }]];
    }),
  );
  return { schema: remoteMapSchema, microFrontends };
}

/**
 * A control character (Unicode's Cc: C0, DEL, C1), told by its code: nginx's njs 0.7, which bundles this module
 * for previews, has no `u` flag for a \p{Cc} pattern.
 */
const isControl = (character: string) => {
  const code = character.charCodeAt(0);
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
};

/** A source's shape: only commit, ref and author, each a string of 1 to 200 characters, one line. */
const isSource = (value: unknown): value is ReleaseSource =>
  isObject(value) &&
  Object.entries(value).every(
    ([key, text]) =>
      ['commit', 'ref', 'author'].includes(key) &&
      typeof text === 'string' &&
      text.length >= 1 &&
      text.length <= 200 &&
      !Array.from(text).some(isControl),
  );

function parseVersion(
  field: string,
  input: unknown,
  integrity: ParseOptions['integrity'],
): RemoteVersionEntry {
  if (!isObject(input)) fail(field, 'an object with url, metadata and deployment', input);
  const { url, metadata, deployment, extras } = input;
  if (typeof url !== 'string' || !manifestUrl.test(url))
    fail(`${field}.url`, 'an absolute http(s) URL of an mf-manifest.json', url);
  if (!isObject(metadata)) fail(`${field}.metadata`, 'an object with version', metadata);
  if (typeof metadata.version !== 'string' || !versionName.test(metadata.version))
    fail(
      `${field}.metadata.version`,
      'a version name (up to 64 letters, digits, "." and "-", from a letter or digit, no "..")',
      metadata.version,
    );
  const sealed = typeof metadata.integrity === 'string' && sha384.test(metadata.integrity);
  if (!sealed && !(integrity === 'optional' && metadata.integrity === undefined))
    fail(`${field}.metadata.integrity`, 'a SHA-384 SRI value (sha384-…)', metadata.integrity);
  if (!isObject(deployment)) fail(`${field}.deployment`, 'an object with traffic and default', deployment);
  const { traffic } = deployment;
  if (typeof traffic !== 'number' || !Number.isInteger(traffic) || traffic < 0 || traffic > 100)
    fail(`${field}.deployment.traffic`, 'a whole percent from 0 to 100', traffic);
  if (typeof deployment.default !== 'boolean')
    fail(`${field}.deployment.default`, 'true or false', deployment.default);
  if (extras !== undefined && !isObject(extras)) fail(`${field}.extras`, 'an object', extras);
  const releasedAt = extras?.releasedAt;
  if (releasedAt !== undefined && (typeof releasedAt !== 'string' || Number.isNaN(Date.parse(releasedAt))))
    fail(`${field}.extras.releasedAt`, 'an ISO date and time', releasedAt);
  const source = extras?.source;
  // Kept as the release service wrote it (each field in its grammar there); here only its shape is checked.
  if (source !== undefined && !isSource(source))
    fail(`${field}.extras.source`, 'an object of commit, ref and author, each a short line', source);
  const kept = {
    ...(typeof releasedAt === 'string' ? { releasedAt } : {}),
    ...(source ? { source } : {}),
  };
  return {
    url,
    metadata: { version: metadata.version, ...(sealed ? { integrity: metadata.integrity as string } : {}) },
    deployment: { traffic, default: deployment.default },
    ...(Object.keys(kept).length > 0 ? { extras: kept } : {}),
  };
}

function parseVersions(name: string, input: unknown, options: ParseOptions): RemoteVersionEntry[] {
  const field = `microFrontends.${name}`;
  if (!Array.isArray(input) || input.length === 0) fail(field, 'a non-empty list of versions', input);
  if (input.length > maxVersionsPerRemote)
    fail(field, `at most ${maxVersionsPerRemote} versions (a default and a canary)`, input.length);
  const versions = input.map((entry, index) => parseVersion(`${field}[${index}]`, entry, options.integrity));
  const defaults = versions.filter((entry) => entry.deployment.default);
  if (defaults.length !== 1)
    fail(`${field}[].deployment.default`, 'true for exactly one version', defaults.length);
  const total = versions.reduce((sum, entry) => sum + entry.deployment.traffic, 0);
  if (total !== 100) fail(`${field}[].deployment.traffic`, 'shares that add up to 100', total);
  const names = versions.map((entry) => entry.metadata.version);
  if (new Set(names).size !== names.length) fail(`${field}[].metadata.version`, 'different versions', names);
  return versions;
}

/**
 * Validates remotes.json (either form) and returns it as a document. A malformed map, or one with a version
 * whose integrity is missing, is refused as a whole (RemoteMapError names the field), so the caller keeps the
 * last good map instead of half of a broken one; a remote this shell does not know (added after it was built)
 * is skipped with a warning.
 */
export function parseRemoteMapDocument(
  input: unknown,
  warn: (message: string) => void = console.warn,
  options: ParseOptions = {},
): RemoteMapDocument {
  if (!isObject(input)) fail('the map', 'a JSON object with microFrontends', input);
  const document = isLegacyMap(input) ? migrateLegacyMap(input) : input;
  if (typeof document.schema !== 'string') fail('schema', `"${remoteMapSchema}"`, document.schema);
  if (!isObject(document.microFrontends))
    fail('microFrontends', 'an object from remote name to versions', document.microFrontends);
  const microFrontends: RemoteMapDocument['microFrontends'] = {};
  for (const [name, versions] of Object.entries(document.microFrontends)) {
    if (!remoteNames.includes(name as RemoteName)) {
      warn(`remotes.json: ignoring unknown remote "${name}"`);
      continue;
    }
    microFrontends[name as RemoteName] = parseVersions(name, versions, options);
  }
  return { schema: document.schema, microFrontends };
}

/**
 * The version of each remote a visitor in `bucket` (0–99) gets: the canaries take consecutive bucket ranges
 * from 0 in the order listed, the default takes the rest. Every remote uses the same bucket, so a visitor in
 * a canary's range gets every canary of that size or larger: fewer page variants, and one cohort to compare.
 */
export function resolveRemoteMap(document: RemoteMapDocument, bucket: number): ResolvedRemoteMap {
  const resolved: ResolvedRemoteMap = {};
  for (const [name, versions] of Object.entries(document.microFrontends) as Array<
    [RemoteName, RemoteVersionEntry[]]
  >) {
    let start = 0;
    let chosen = versions.find((entry) => entry.deployment.default);
    for (const entry of versions) {
      if (entry.deployment.default) continue;
      if (bucket >= start && bucket < start + entry.deployment.traffic) chosen = entry;
      start += entry.deployment.traffic;
    }
    if (chosen) resolved[name] = resolvedOf(chosen);
  }
  return resolved;
}

const resolvedOf = ({ url, metadata }: RemoteVersionEntry): ResolvedRemote => ({
  url,
  version: metadata.version,
  ...(metadata.integrity ? { integrity: metadata.integrity } : {}),
});

/** The default version of every remote: what a visitor without a bucket, and a search engine, gets. */
export function defaultRemoteMap(document: RemoteMapDocument): ResolvedRemoteMap {
  return resolveRemoteMap(document, 100);
}

/** One range of buckets [from, to) that resolves to the same versions: one set of prerendered pages. */
export interface BucketRange {
  from: number;
  to: number;
  resolved: ResolvedRemoteMap;
}

/**
 * The buckets 0–99 cut where any remote's resolution changes. The last range is the default versions' (every
 * canary range starts at 0), so a map without a canary is one range.
 */
export function bucketRanges(document: RemoteMapDocument): BucketRange[] {
  const cuts = new Set([0, 100]);
  for (const versions of Object.values(document.microFrontends)) {
    let start = 0;
    for (const entry of versions ?? []) {
      if (entry.deployment.default) continue;
      start += entry.deployment.traffic;
      cuts.add(Math.min(start, 100));
    }
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  return sorted
    .slice(0, -1)
    .map((from, index) => ({
      from,
      to: sorted[index + 1] ?? 100,
      resolved: resolveRemoteMap(document, from),
    }))
    .filter(({ from, to }) => to > from);
}

/** The manifest URLs a resolution registers, and their sealed SHA-384s, as the runtime and the checks take them. */
export function urlsAndIntegrity(resolved: ResolvedRemoteMap): {
  urls: RemoteMap;
  integrity: RemoteIntegrity;
} {
  const urls: RemoteMap = {};
  const integrity: RemoteIntegrity = {};
  for (const [name, remote] of Object.entries(resolved) as Array<[RemoteName, ResolvedRemote]>) {
    urls[name] = remote.url;
    if (remote.integrity) integrity[name] = remote.integrity;
  }
  return { urls, integrity };
}

/** A document with exactly these versions, each the default for everyone: a page variant's pinned map. */
export function pinnedDocument(resolved: ResolvedRemoteMap): RemoteMapDocument {
  const microFrontends: RemoteMapDocument['microFrontends'] = {};
  for (const [name, { url, version, integrity }] of Object.entries(resolved) as Array<
    [RemoteName, ResolvedRemote]
  >) {
    microFrontends[name] = [
      {
        url,
        metadata: { version, ...(integrity ? { integrity } : {}) },
        deployment: { traffic: 100, default: true },
      },
    ];
  }
  return { schema: remoteMapSchema, microFrontends };
}
