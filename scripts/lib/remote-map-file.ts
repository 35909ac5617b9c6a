import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { type RemoteMap, type RemoteName, remoteNames, remotes } from 'build-config/topology';
import { manifestUrlOf, type RemoteMapEntry, versionOfManifestUrl } from 'federation/remote-map';
import { readIntegrityRecord } from './integrity.ts';

export const remoteMapFile = (deploy: string) => join(deploy, 'shell', 'remotes.json');

/** The environment's remotes.json as stored (each entry in either form). */
function readRemoteMapEntries(deploy: string): Partial<Record<RemoteName, RemoteMapEntry>> {
  const file = remoteMapFile(deploy);
  if (!existsSync(file)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); fix or delete it`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${file} must be a JSON object from remote name to manifest URL`);
  }
  return parsed as Partial<Record<RemoteName, RemoteMapEntry>>;
}

/** Reads the environment's remote map (name → manifest URL); a broken file is an error that names the problem. */
export function readRemoteMap(deploy: string): Partial<RemoteMap> {
  const entries = readRemoteMapEntries(deploy);
  const urls: Partial<RemoteMap> = {};
  for (const [name, entry] of Object.entries(entries)) {
    const url = manifestUrlOf(entry);
    if (url !== undefined) urls[name as RemoteName] = url;
  }
  return urls;
}

/** Writes a whole file atomically: a reader sees the old content or the new, never half of it. */
export function writeFileAtomic(file: string, content: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

const lockWaitMs = 5000;

/**
 * Runs a read-modify-write of `file` while holding `<file>.lock`, so two releases of different remotes at
 * the same moment cannot undo each other's entry. Waits up to 5 s for another holder, then names the lock.
 */
export function withFileLock<T>(file: string, update: () => T, waitMs = lockWaitMs): T {
  const lock = `${file}.lock`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) {
        throw new Error(
          `${file} is locked by another release (${lock} exists); wait for it, or delete the lock if none is running`,
        );
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return update();
  } finally {
    rmSync(lock, { force: true });
  }
}

/**
 * Points one remote's entry at a manifest URL, leaving every other entry as it was. A version sealed by its
 * release is written with its manifest's SHA-384, which the shell checks the manifest against.
 */
export function setRemoteEntry(deploy: string, name: RemoteName, manifestUrl: string) {
  const file = remoteMapFile(deploy);
  mkdirSync(dirname(file), { recursive: true });
  const version = versionOfManifestUrl(manifestUrl);
  const record = version ? readIntegrityRecord(deploy, remotes[name].folder, version) : null;
  const entry: RemoteMapEntry = record ? { url: manifestUrl, integrity: record.manifest } : manifestUrl;
  withFileLock(file, () => {
    const map = { ...readRemoteMapEntries(deploy), [name]: entry };
    const ordered = Object.fromEntries(
      remoteNames.filter((remote) => map[remote]).map((remote) => [remote, map[remote]]),
    );
    writeFileAtomic(file, `${JSON.stringify(ordered, null, 2)}\n`);
  });
}
