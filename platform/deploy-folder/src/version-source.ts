/**
 * Where each published version came from (issue 41): deploy/releases/<folder>/<version>.source.json beside its
 * integrity record, never served. Written by the release service when a build's upload named its source, before
 * the change runs (so the map entry it writes carries it, remote-map-file.ts), and removed again when the change
 * is refused. The upload that first publishes a version names it: the same bytes sent again change nothing.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ReleaseSource, releaseSourceFields, releaseSourceGrammar } from 'build-config/release-protocol';
import { integrityRecordFile } from './integrity.ts';

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

/** A remote version published already is sealed: its source is whatever the upload that published it said. */
const sealed = (deploy: string, folder: string, version: string) =>
  existsSync(integrityRecordFile(deploy, folder, version));

/**
 * Records the source of a version about to be published for the first time; a version published already (the
 * same bytes sent again, or published by a start) keeps what it had, so sending it again changes nothing: a
 * remote's by its seal, the shell's when the caller says it is live (`published`). Returns whether it wrote one,
 * so a refused change can take it back (`forgetVersionSource`).
 */
export function recordVersionSource(
  deploy: string,
  folder: string,
  version: string,
  source: ReleaseSource,
  published = false,
): boolean {
  const file = versionSourceFile(deploy, folder, version);
  if (published || existsSync(file) || !soundSource(source) || sealed(deploy, folder, version)) return false;
  mkdirSync(join(deploy, 'releases', folder), { recursive: true });
  writeFileSync(file, `${JSON.stringify(source, null, 2)}\n`);
  return true;
}

export function forgetVersionSource(deploy: string, folder: string, version: string) {
  rmSync(versionSourceFile(deploy, folder, version), { force: true });
}
