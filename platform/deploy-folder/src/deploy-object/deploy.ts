/**
 * One deploy folder as an object: what a release, a rollback, a canary, a preview, the hosts and a start do
 * with a deploy, each a method, so that one operation reads the remote map once and hands the same object on
 * instead of a path every function reads again. The file formats and their rules stay in the modules the
 * methods call (remote-map-file.ts, release-log.ts, audit.ts, publish.ts, preview/, live-state.ts); the names of
 * the deploy's files in deploy-model/layout.ts.
 */
import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditEntry } from 'build-config/release-protocol';
import { type RemoteName, remotes } from 'build-config/topology';
import { pagesDir } from 'deploy-model/layout';
import {
  defaultRemoteMap,
  type ParseOptions,
  type RemoteMap,
  type RemoteMapDocument,
  type RemoteVersionEntry,
  type ResolvedRemoteMap,
  urlsAndIntegrity,
} from 'federation/remote-map';
import { appDist } from 'platform-kit/paths';
import type { SiteAddresses } from 'platform-kit/settings/site';
import { type AuditQuery, appendAudit, readAudit } from '../audit.ts';
import { type IntegrityRecord, readIntegrityRecord } from '../integrity.ts';
import {
  type BuildFolders,
  hasLiveState,
  type LiveStateReport,
  liveShellVersion,
  liveStateReport,
} from '../live-state.ts';
import { type OpenPreview, openPreviews, previewResolution, recordPreview } from '../preview/registry.ts';
import { ensurePreviewSecret, readPreviewSecret } from '../preview/token.ts';
import { manifestUrl, publishRemoteBuild, publishShell } from '../publish.ts';
import {
  lastAutomaticAbort,
  type PublishedVersion,
  publishedVersions,
  type ReleaseEvent,
  recordReleaseEvent,
  releaseEvents,
} from '../release-log.ts';
import {
  changeRemoteMapFile,
  parseRemoteMapFile,
  readRemoteMapText,
  remoteMapFile,
  versionEntry,
  withOnlyVersion,
} from '../remote-map-file.ts';

/** Which version of the map file the cache holds: a write replaces the file (a new inode), an edit restamps it. */
const stampOf = (file: string): string | undefined => {
  const stat = statSync(file, { bigint: true, throwIfNoEntry: false });
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeNs}` : undefined;
};

export class Deploy {
  /** How many times this object read the remote map file (a test counts the reads of one operation by it). */
  mapReads = 0;
  private cached: { stamp: string | undefined; text: string | undefined } | undefined;

  constructor(readonly path: string) {}

  get remoteMapFile(): string {
    return remoteMapFile(this.path);
  }

  /**
   * The map file's text, read once and kept: read again only after a writer outside this object replaced the
   * file (so a long-lived service never serves a map it did not see change). A change through this object
   * keeps what it wrote.
   */
  private mapText(): string | undefined {
    const stamp = stampOf(this.remoteMapFile);
    if (this.cached === undefined || this.cached.stamp !== stamp) {
      this.cached = { stamp, text: this.readMapFile() };
    }
    return this.cached.text;
  }

  private readMapFile(): string | undefined {
    this.mapReads += 1;
    return readRemoteMapText(this.path);
  }

  /** Whether the deploy has a remote map at all. */
  hasRemoteMap(): boolean {
    return existsSync(this.remoteMapFile);
  }

  /** The remote map as a document (remote-map-file.ts's rules; a broken file throws, naming the field). */
  remoteMap(options: ParseOptions = {}): RemoteMapDocument {
    return parseRemoteMapFile(this.remoteMapFile, this.mapText(), options);
  }

  /** Each remote's default version: what everyone without a canary bucket loads. */
  defaultVersions(): ResolvedRemoteMap {
    return defaultRemoteMap(this.remoteMap());
  }

  /** The manifest URL of each remote's default version. */
  remoteMapUrls(): Partial<RemoteMap> {
    return urlsAndIntegrity(this.defaultVersions()).urls;
  }

  /**
   * One transaction on the map: under its lock, the file is read afresh (another writer may have changed it
   * since this object read it), changed, checked and written atomically; this object then holds what it wrote.
   */
  changeRemoteMap(change: (document: RemoteMapDocument) => RemoteMapDocument): RemoteMapDocument {
    const { document, text } = changeRemoteMapFile(this.path, change, () => this.readMapFile());
    this.cached = { stamp: stampOf(this.remoteMapFile), text };
    return document;
  }

  /** A version's map entry, with the integrity its release sealed (refused for a version without one). */
  versionEntry(
    name: RemoteName,
    manifestUrl: string,
    deployment: RemoteVersionEntry['deployment'],
    now = new Date(),
  ): RemoteVersionEntry {
    return versionEntry(this.path, name, manifestUrl, deployment, now);
  }

  /** Makes one version of a remote the only one, for everyone; the version already live keeps its release time. */
  setRemoteEntry(name: RemoteName, manifestUrl: string): RemoteMapDocument {
    return this.changeRemoteMap((document) =>
      withOnlyVersion(document, name, this.versionEntry(name, manifestUrl, { traffic: 100, default: true })),
    );
  }

  /** Publishes a remote build into its version folder (sealed, precompressed, logged); returns the version. */
  publishRemoteBuild(name: RemoteName, buildDir = appDist(remotes[name].folder)): string {
    return publishRemoteBuild(this.path, name, buildDir);
  }

  /** Publishes a remote's dist/ and points the remote map at it, for everyone (no contract check: see releases). */
  releaseRemote(name: RemoteName, addresses: SiteAddresses): string {
    const version = this.publishRemoteBuild(name);
    this.setRemoteEntry(name, manifestUrl(name, version, addresses));
    return version;
  }

  /** Replaces the shell's files and its Node build, keeping the environment's files. */
  publishShell(): void {
    publishShell(this.path);
  }

  integrityRecord(folder: string, version: string): IntegrityRecord | null {
    return readIntegrityRecord(this.path, folder, version);
  }

  /** Every published version of an app (by its folder) still on disk, oldest first. */
  publishedVersions(folder: string): PublishedVersion[] {
    return publishedVersions(this.path, folder);
  }

  /** Appends to an app's release log (by its folder: `shell`, `mf-marketing`…). */
  recordReleaseEvent(folder: string, event: ReleaseEvent): void {
    recordReleaseEvent(this.path, folder, event);
  }

  releaseEvents(folder: string): ReleaseEvent[] {
    return releaseEvents(this.path, folder);
  }

  lastAutomaticAbort(folder: string): ReleaseEvent | undefined {
    return lastAutomaticAbort(this.path, folder);
  }

  appendAudit(entry: AuditEntry): void {
    appendAudit(this.path, entry);
  }

  readAudit(query: AuditQuery = {}): AuditEntry[] {
    return readAudit(this.path, query);
  }

  /** Where the per-route pages are served from. */
  get pagesDir(): string {
    return pagesDir(this.path);
  }

  /**
   * Writes a new set of pages beside the live one and swaps it in with renames, so a request never sees a
   * half-written set: `write` fills the staging folder it is given.
   */
  swapInPages<T>(write: (staging: string) => T): T {
    const target = this.pagesDir;
    const staging = `${target}.${process.pid}.staging`;
    rmSync(staging, { recursive: true, force: true });
    const result = write(staging);
    const retired = `${target}.${process.pid}.retired`;
    if (existsSync(target)) renameSync(target, retired);
    renameSync(staging, target);
    rmSync(retired, { recursive: true, force: true });
    return result;
  }

  /** The secret preview links are signed with, created (mode 0600) the first time it is asked for. */
  ensurePreviewSecret(): string {
    return ensurePreviewSecret(this.path);
  }

  /** The preview secret, or undefined before any link was made. */
  previewSecret(): string | undefined {
    return readPreviewSecret(this.path);
  }

  openPreviews(now = new Date()): OpenPreview[] {
    return openPreviews(this.path, now);
  }

  recordPreview(preview: OpenPreview, now = new Date()): void {
    recordPreview(this.path, preview, now);
  }

  /** The versions a preview browser loads: every remote's default, and the previewed one's version. */
  previewResolution(
    preview: Pick<OpenPreview, 'remote' | 'version'>,
    addresses: SiteAddresses,
  ): ResolvedRemoteMap {
    return previewResolution(this.path, this.remoteMap(), preview, addresses);
  }

  /** Whether the folder holds a live site (a remote map or a published shell). */
  hasLiveState(): boolean {
    return hasLiveState(this.path);
  }

  liveShellVersion(): string | undefined {
    return liveShellVersion(this.path);
  }

  /** What a start prints when it serves this deploy as it was left. */
  liveStateReport(shown: string, builds?: BuildFolders): LiveStateReport {
    return liveStateReport(this.path, shown, builds, () => this.remoteMap());
  }

  /** A folder of the deploy: an app's (`shell`, a remote's) or `releases`. */
  folder(...parts: string[]): string {
    return join(this.path, ...parts);
  }
}

/**
 * A deploy, or the path of one. The library's entry points take either: a caller inside an operation passes the
 * object on (one map read for all of it); a test or a script outside any operation may name the folder, which
 * opens a Deploy for that one call.
 */
export type DeployRef = Deploy | string;

/** The deploy in `path` (a Deploy is returned as it is), for one operation or a long-lived process. */
export const openDeploy = (ref: DeployRef): Deploy => (typeof ref === 'string' ? new Deploy(ref) : ref);
