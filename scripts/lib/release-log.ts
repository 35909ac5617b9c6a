import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { withFileLock, writeFileAtomic } from './remote-map-file.ts';

/**
 * The order in which an environment's versions of a remote were first published, so "roll back" can mean
 * "the version before the live one". Version names are content hashes and say nothing about order. Kept in
 * deploy/releases/<remote-folder>.json: beside the served folders, never served itself.
 */
export interface PublishedVersion {
  version: string;
  /** ISO time of the first publish; absent for a version folder that predates the log. */
  publishedAt?: string;
}

const logFile = (deploy: string, folder: string) => join(deploy, 'releases', `${folder}.json`);

function readLog(deploy: string, folder: string): PublishedVersion[] {
  const file = logFile(deploy, folder);
  if (!existsSync(file)) return [];
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { versions?: unknown };
    if (!Array.isArray(parsed.versions)) throw new Error('it has no "versions" list');
    return parsed.versions.filter(
      (entry): entry is PublishedVersion => typeof entry?.version === 'string' && entry.version !== '',
    );
  } catch (error) {
    throw new Error(`${file} is broken (${(error as Error).message}); fix or delete it`);
  }
}

/** Version folders present in deploy/<folder>/ (a half-copied ".staging" or a ".retired" one is not a version). */
function versionFolders(deploy: string, folder: string): string[] {
  const root = join(deploy, folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !/\.(staging|retired)$/.test(entry.name))
    .filter((entry) => existsSync(join(root, entry.name, 'mf-manifest.json')))
    .map((entry) => entry.name);
}

/** Every published version still on disk, oldest first; folders the log does not know come last, by age. */
export function publishedVersions(deploy: string, folder: string): PublishedVersion[] {
  const onDisk = new Set(versionFolders(deploy, folder));
  const logged = readLog(deploy, folder).filter((entry) => onDisk.has(entry.version));
  const known = new Set(logged.map((entry) => entry.version));
  const unlogged = [...onDisk]
    .filter((version) => !known.has(version))
    .map((version) => ({ version, age: statSync(join(deploy, folder, version)).mtimeMs }))
    .sort((a, b) => a.age - b.age)
    .map(({ version }) => ({ version }));
  return [...logged, ...unlogged];
}

/** Records a version's first publish (publishing the same build again keeps its place). */
export function recordPublished(deploy: string, folder: string, version: string, now = new Date()) {
  mkdirSync(join(deploy, 'releases'), { recursive: true });
  const file = logFile(deploy, folder);
  withFileLock(file, () => {
    const log = readLog(deploy, folder);
    if (log.some((entry) => entry.version === version)) return;
    const versions = [...log, { version, publishedAt: now.toISOString() }];
    writeFileAtomic(file, `${JSON.stringify({ versions }, null, 2)}\n`);
  });
}
