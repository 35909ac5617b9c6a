/**
 * Subresource integrity for remote code. Whoever can change a file on a remote's origin (a CDN, a bucket)
 * would otherwise run code in every visitor's page. A release therefore seals the version it publishes:
 * - the deployed mf-manifest.json gets `metaData.integrity`, the SHA-384 of every script and stylesheet the
 *   browser may load from that version (entry and chunks), which the shell sets as each element's integrity;
 * - the environment's remotes.json, on the shell's origin, records the SHA-384 of that manifest, so the manifest
 *   (and through it every file it lists) is checked against what was released;
 * - deploy/releases/<folder>/<version>.integrity.json, never served, records every file of the version (the
 *   Node build too), which the prerender step checks each file it reads against, and a later release of the
 *   same build checks the folder against before it trusts it.
 * The remote's own chunk loader checks chunks too: the build embeds their hashes (rsbuild's security.sri).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const integrityAlgorithm = 'sha384';

/** An SRI value for some bytes: "sha384-" and the base64 digest. */
export function integrityOf(bytes: Uint8Array | string): string {
  return `${integrityAlgorithm}-${createHash(integrityAlgorithm).update(bytes).digest('base64')}`;
}

/** What a release recorded for one version of a remote: every file, by path inside the version folder. */
export interface IntegrityRecord {
  algorithm: typeof integrityAlgorithm;
  /** The SRI value of the deployed (sealed) mf-manifest.json, as remotes.json carries it. */
  manifest: string;
  files: Record<string, string>;
  /**
   * The version's precompressed siblings (precompress.ts) were written after sealing and are recorded with its
   * files, so a sibling altered on the origin is found like any file. A record without it predates
   * precompression: publishing that build again copies the version afresh, siblings and all.
   */
  precompressed?: true;
}

const manifestName = 'mf-manifest.json';
/** Files a browser loads from a version: listed in the manifest for the shell to check. */
const browserCode = /^static\/.*\.(js|css)$/;

function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * Seals a version folder before it goes live: writes the browser files' hashes into its manifest and returns
 * the record of every file (the sealed manifest included).
 */
export function sealVersion(dir: string): IntegrityRecord {
  sealManifest(dir);
  return recordOf(dir);
}

/** Writes the hashes of the browser files (scripts and stylesheets) into the folder's manifest. */
export function sealManifest(dir: string) {
  const manifestFile = join(dir, manifestName);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData?: Record<string, unknown> };
  const browserFiles = filesOf(dir).filter((path) => browserCode.test(path));
  manifest.metaData = {
    ...manifest.metaData,
    integrity: Object.fromEntries(
      browserFiles.map((path) => [path, integrityOf(readFileSync(join(dir, path)))]),
    ),
  };
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The record of every file of a sealed folder, as it is now (precompressed siblings included, when written). */
export function recordOf(dir: string): IntegrityRecord {
  const files = Object.fromEntries(
    filesOf(dir).map((path) => [path, integrityOf(readFileSync(join(dir, path)))]),
  );
  return { algorithm: integrityAlgorithm, manifest: files[manifestName] ?? '', files };
}

export const integrityRecordFile = (deploy: string, folder: string, version: string) =>
  join(deploy, 'releases', folder, `${version}.integrity.json`);

export function writeIntegrityRecord(
  deploy: string,
  folder: string,
  version: string,
  record: IntegrityRecord,
) {
  mkdirSync(join(deploy, 'releases', folder), { recursive: true });
  writeFileSync(integrityRecordFile(deploy, folder, version), `${JSON.stringify(record, null, 2)}\n`);
}

/** The record of a version, or null when the version was published before releases were sealed. */
export function readIntegrityRecord(deploy: string, folder: string, version: string): IntegrityRecord | null {
  const file = integrityRecordFile(deploy, folder, version);
  if (!existsSync(file)) return null;
  let parsed: Partial<IntegrityRecord>;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<IntegrityRecord>;
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); release the version again`);
  }
  if (parsed.algorithm !== integrityAlgorithm || typeof parsed.manifest !== 'string' || !parsed.files) {
    throw new Error(
      `${file} is not an integrity record (algorithm, manifest, files); release the version again`,
    );
  }
  return parsed as IntegrityRecord;
}

/** Files of a version folder that differ from its record, are missing, or were never released. */
export function alteredFiles(dir: string, record: IntegrityRecord): string[] {
  const onDisk = new Set(existsSync(dir) ? filesOf(dir) : []);
  const altered = Object.entries(record.files)
    .filter(
      ([path, expected]) => !onDisk.has(path) || integrityOf(readFileSync(join(dir, path))) !== expected,
    )
    .map(([path]) => path);
  const added = [...onDisk].filter((path) => !(path in record.files));
  return [...altered, ...added].sort();
}
