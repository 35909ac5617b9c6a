import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type RemoteName, remoteNames, remotes } from 'build-config/topology';
import {
  defaultRemoteMap,
  type ParseOptions,
  parseRemoteMapDocument,
  type RemoteMap,
  type RemoteMapDocument,
  type RemoteVersionEntry,
  remoteMapSchema,
  urlsAndIntegrity,
  versionOfManifestUrl,
} from 'federation/remote-map';
import { lockSync } from 'proper-lockfile';
import { readIntegrityRecord } from './integrity.ts';
import { readVersionSource } from './version-source.ts';

export const remoteMapFile = (deploy: string) => join(deploy, 'shell', 'remotes.json');

const emptyDocument = (): RemoteMapDocument => ({ schema: remoteMapSchema, microFrontends: {} });

/**
 * The environment's remote map as a document. A map in the older form (name → URL or { url, integrity }) is
 * read as one default version per remote; the next write stores it in the new form. A broken file is an
 * error that names the file and the field, and nothing is written over it.
 */
export function readRemoteMapDocument(deploy: string, options: ParseOptions = {}): RemoteMapDocument {
  return parseRemoteMapFile(remoteMapFile(deploy), readRemoteMapText(deploy), options);
}

/** The map file's text, or undefined when there is none (a deploy with nothing released). */
export function readRemoteMapText(deploy: string): string | undefined {
  const file = remoteMapFile(deploy);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

/** The map file's text as a document (readRemoteMapDocument without the read, for a text already read). */
export function parseRemoteMapFile(
  file: string,
  text: string | undefined,
  options: ParseOptions = {},
): RemoteMapDocument {
  if (text === undefined) return emptyDocument();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); fix or delete it`);
  }
  try {
    return parseRemoteMapDocument(parsed, () => undefined, options);
  } catch (error) {
    throw new Error(
      `${file} is refused: ${(error as Error).message.replace(/^remotes\.json: /, '')}` +
        (/integrity/.test((error as Error).message) ? ' (release that remote again to seal it)' : ''),
    );
  }
}

/** The manifest URL of each remote's default version (what everyone without a canary bucket loads). */
export function readRemoteMap(deploy: string): Partial<RemoteMap> {
  return urlsAndIntegrity(defaultRemoteMap(readRemoteMapDocument(deploy))).urls;
}

/** Writes a whole file atomically: a reader sees the old content or the new, never half of it. */
export function writeFileAtomic(file: string, content: string) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

/**
 * How old a lock may grow before it counts as left by a crashed writer and is taken over. A holder keeps its lock
 * fresh while its process runs (proper-lockfile touches it), and every change under it is a read-modify-write
 * of one small file, done in milliseconds.
 */
const staleLockMs = 10_000;

/**
 * Runs a read-modify-write of `file` while holding `<file>.lock` (proper-lockfile: a folder made with mkdir),
 * so two writers can never undo each other's change. It is never waited on: every change to a deploy goes
 * through the release service, one at a time, so a lock that is held means a writer outside it: refused at
 * once, naming the lock, rather than spinning. A lock whose holder died (killed, even with SIGKILL) stops being
 * held once it is older than staleLockMs, and the next writer takes it over; one whose process exits otherwise
 * is removed on the way out.
 */
export function withFileLock<T>(file: string, update: () => T): T {
  const lock = `${file}.lock`;
  let release: () => void;
  try {
    release = lockSync(file, {
      lockfilePath: lock,
      // The file may not exist yet (a first release): the lock is named after the path as given.
      realpath: false,
      stale: staleLockMs,
      // Every change is synchronous, so it is over before the library could find its lock stolen.
      onCompromised: () => {},
    });
  } catch (error) {
    // ENOTDIR: a lock file (not a folder) left by a writer before proper-lockfile, which it cannot remove.
    const { code } = error as NodeJS.ErrnoException;
    if (code !== 'ELOCKED' && code !== 'ENOTDIR') throw error;
    throw new Error(
      `${file} is locked by another release (${lock} exists); wait for it, or delete the lock if none is running`,
    );
  }
  try {
    return update();
  } finally {
    release();
  }
}

/** Whether the map text is missing (nothing to be sealed) or reads with every version's integrity. */
function isSealed(file: string, text: string | undefined): boolean {
  try {
    parseRemoteMapFile(file, text);
    return true;
  } catch {
    return false;
  }
}

export interface RemoteMapWrite {
  document: RemoteMapDocument;
  /** The bytes written, so that a reader holding them need not read the file again. */
  text: string;
}

/**
 * Changes the remote map under its lock: reads it (migrating the older form), applies `change` and writes the
 * result atomically, remotes in the topology's order. A broken map is refused before anything is written.
 * `read` is how the file is read, once, inside the lock (a Deploy counts its reads through it).
 */
export function changeRemoteMapFile(
  deploy: string,
  change: (document: RemoteMapDocument) => RemoteMapDocument,
  read: (deploy: string) => string | undefined = readRemoteMapText,
): RemoteMapWrite {
  const file = remoteMapFile(deploy);
  mkdirSync(dirname(file), { recursive: true });
  return withFileLock(file, () => {
    const text = read(deploy);
    // A map written before integrity was required is read leniently, so that releasing its remotes one by one
    // seals it (every entry the tooling writes carries its integrity: versionEntry). A sealed map stays sealed.
    const sealedBefore = isSealed(file, text);
    const next = change(parseRemoteMapFile(file, text, { integrity: 'optional' }));
    const microFrontends = Object.fromEntries(
      remoteNames
        .filter((remote) => next.microFrontends[remote])
        .map((remote) => [remote, next.microFrontends[remote]]),
    );
    // Parsed again before it is written: the tooling never stores a map the shell would refuse (unless it
    // refused it already, and is being sealed).
    const written = parseRemoteMapDocument({ schema: remoteMapSchema, microFrontends }, undefined, {
      integrity: sealedBefore ? 'required' : 'optional',
    });
    const content = `${JSON.stringify(written, null, 2)}\n`;
    writeFileAtomic(file, content);
    return { document: written, text: content };
  });
}

/** changeRemoteMapFile for a caller without a Deploy: returns the document written. */
export function updateRemoteMap(deploy: string, change: (document: RemoteMapDocument) => RemoteMapDocument) {
  return changeRemoteMapFile(deploy, change).document;
}

/**
 * A version's entry: its manifest URL, the SHA-384 its release sealed, traffic and release time. A version
 * without its integrity record (published before releases sealed) is refused: the shell would refuse it too.
 */
export function versionEntry(
  deploy: string,
  name: RemoteName,
  manifestUrl: string,
  deployment: RemoteVersionEntry['deployment'],
  now = new Date(),
): RemoteVersionEntry {
  const version = versionOfManifestUrl(manifestUrl) ?? 'unversioned';
  const record = readIntegrityRecord(deploy, remotes[name].folder, version);
  if (!record) {
    throw new Error(
      `${remotes[name].folder} ${version} has no integrity record (published before releases were sealed); ` +
        'release its build again',
    );
  }
  // Where it came from, when its upload said (version-source.ts): public, as the map is.
  const source = readVersionSource(deploy, remotes[name].folder, version);
  return {
    url: manifestUrl,
    metadata: { version, integrity: record.manifest },
    deployment,
    extras: { releasedAt: now.toISOString(), ...(source ? { source } : {}) },
  };
}

/** The map with `entry` the remote's only version, for everyone; the version already live keeps its release time. */
export function withOnlyVersion(
  document: RemoteMapDocument,
  name: RemoteName,
  entry: RemoteVersionEntry,
): RemoteMapDocument {
  const same = document.microFrontends[name]?.find(
    (live) => live.url === entry.url && live.deployment.default,
  );
  const releasedAt = same?.extras?.releasedAt ?? entry.extras?.releasedAt;
  return {
    ...document,
    microFrontends: {
      ...document.microFrontends,
      [name]: [{ ...entry, extras: { ...entry.extras, releasedAt } }],
    },
  };
}

/**
 * Makes one version of a remote the only one, for everyone, leaving every other remote as it was. The entry
 * carries the SHA-384 its release sealed for the manifest, which the shell checks the manifest against. The
 * version already live keeps its release time.
 */
export function setRemoteEntry(deploy: string, name: RemoteName, manifestUrl: string) {
  updateRemoteMap(deploy, (document) =>
    withOnlyVersion(document, name, versionEntry(deploy, name, manifestUrl, { traffic: 100, default: true })),
  );
}
