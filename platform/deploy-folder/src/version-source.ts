/**
 * Where each published version came from (issue 41): deploy/releases/<folder>/<version>.source.json beside its
 * integrity record, never served. Written by the release service when a build's upload named its source, before
 * the change runs (so the map entry it writes carries it, remote-map-file.ts), and removed again when the change
 * is refused. The first upload of a version's bytes names it: the same bytes sent again keep their record.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReleaseSource, releaseSourceFields, releaseSourceGrammar } from 'build-config/release-protocol';

export const versionSourceFile = (deploy: string, folder: string, version: string) =>
  join(deploy, 'releases', folder, `${version}.source.json`);

/** Only the fields in their grammar: a record edited by hand cannot put a control character in a status. */
export function soundSource(input: unknown): ReleaseSource | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const source: ReleaseSource = {};
  for (const field of releaseSourceFields) {
    const value = (input as Record<string, unknown>)[field];
    if (typeof value === 'string' && releaseSourceGrammar[field].pattern.test(value)) source[field] = value;
  }
  return Object.keys(source).length > 0 ? source : undefined;
}

/** The version's source, or undefined when its upload named none (or it predates sources). */
export function readVersionSource(
  deploy: string,
  folder: string,
  version: string,
): ReleaseSource | undefined {
  const file = versionSourceFile(deploy, folder, version);
  if (!existsSync(file)) return undefined;
  try {
    return soundSource(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Records the source of a version about to be published, unless the version has one already. Returns whether it
 * wrote one, so a refused change can take it back (`forgetVersionSource`).
 */
export function recordVersionSource(
  deploy: string,
  folder: string,
  version: string,
  source: ReleaseSource,
): boolean {
  const file = versionSourceFile(deploy, folder, version);
  if (existsSync(file) || !soundSource(source)) return false;
  mkdirSync(join(deploy, 'releases', folder), { recursive: true });
  writeFileSync(file, `${JSON.stringify(source, null, 2)}\n`);
  return true;
}

export function forgetVersionSource(deploy: string, folder: string, version: string) {
  rmSync(versionSourceFile(deploy, folder, version), { force: true });
}
