import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { releasesFolder } from './private-files.ts';
import { withFileLock, writeFileAtomic } from './remote-map-file.ts';

/**
 * Each remote's release history in one environment, kept in deploy/releases/<remote-folder>.json: beside the
 * served folders, never served itself.
 * - `versions`: the order in which versions were first published, so "roll back" can mean "the version before
 *   the live one". Version names are content hashes and say nothing about order.
 * - `events`: what happened to canaries (started, promoted, aborted by hand or automatically, and why), so the
 *   release status can say why a canary went away, and the builds `platform/cli/src/start.ts` published (a first start
 *   into an empty deploy folder, or `--publish`). A file written before events existed has none.
 * The shell's builds have a log of their own, deploy/releases/shell.json, in the same form.
 */
export interface PublishedVersion {
  version: string;
  /** ISO time of the first publish; absent for a version folder that predates the log. */
  publishedAt?: string;
}

/** `stage`: a staged rollout took the canary to its next share (rollout.ts). */
export type ReleaseEventAction = 'canary' | 'stage' | 'promote' | 'abort' | 'release';

/**
 * Who made a change: a person at a shell (`manual`), the canary check (`automatic`), or the composed server
 * publishing the builds in dist/: into an empty deploy folder (`start`) or because its operator asked
 * (`start --publish`).
 */
export type ReleaseEventAuthor = 'manual' | 'automatic' | 'start' | 'start --publish';

const actions: readonly ReleaseEventAction[] = ['canary', 'stage', 'promote', 'abort', 'release'];

export interface ReleaseEvent {
  action: ReleaseEventAction;
  /** The version the event is about: the canary's, or the one a release made live. */
  version: string;
  /** ISO time. */
  at: string;
  by: ReleaseEventAuthor;
  /**
   * The default version at the time: the one a canary runs beside, the one a promote or a release replaced
   * (absent when nothing was live).
   */
  defaultVersion?: string;
  /** A canary's share of visitors, in percent. */
  traffic?: number;
  /** Why: the verdict of an automatic abort, or what a person gave with --reason. */
  reason?: string;
}

interface ReleaseLog {
  versions: PublishedVersion[];
  events: ReleaseEvent[];
}

/** Events kept per remote: the status needs the last few, and the file should not grow without end. */
export const maxReleaseEvents = 500;

const logFile = (deploy: string, folder: string) => join(deploy, 'releases', `${folder}.json`);

const isEvent = (entry: unknown): entry is ReleaseEvent => {
  const event = entry as Partial<ReleaseEvent> | null;
  return (
    typeof event?.version === 'string' &&
    typeof event.at === 'string' &&
    actions.includes(event.action as ReleaseEventAction)
  );
};

function readLog(deploy: string, folder: string): ReleaseLog {
  const file = logFile(deploy, folder);
  if (!existsSync(file)) return { versions: [], events: [] };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { versions?: unknown; events?: unknown };
    if (!Array.isArray(parsed.versions)) throw new Error('it has no "versions" list');
    if (parsed.events !== undefined && !Array.isArray(parsed.events))
      throw new Error('its "events" is not a list');
    const versions = parsed.versions.filter(
      (entry): entry is PublishedVersion => typeof entry?.version === 'string' && entry.version !== '',
    );
    return { versions, events: (parsed.events ?? []).filter(isEvent) };
  } catch (error) {
    throw new Error(`${file} is broken (${(error as Error).message}); fix or delete it`);
  }
}

/** Read-modify-write of one remote's log under its lock (a release and the canary watcher may both write). */
function updateLog(deploy: string, folder: string, change: (log: ReleaseLog) => ReleaseLog | undefined) {
  releasesFolder(deploy);
  const file = logFile(deploy, folder);
  withFileLock(file, () => {
    const next = change(readLog(deploy, folder));
    if (!next) return;
    // A file without events stays in the form older tooling wrote.
    const content = next.events.length > 0 ? next : { versions: next.versions };
    writeFileAtomic(file, `${JSON.stringify(content, null, 2)}\n`);
  });
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
  const logged = readLog(deploy, folder).versions.filter((entry) => onDisk.has(entry.version));
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
  updateLog(deploy, folder, (log) => {
    if (log.versions.some((entry) => entry.version === version)) return undefined;
    return { ...log, versions: [...log.versions, { version, publishedAt: now.toISOString() }] };
  });
}

/** Appends an event (the oldest go once there are more than maxReleaseEvents). */
export function recordReleaseEvent(deploy: string, folder: string, event: ReleaseEvent) {
  updateLog(deploy, folder, (log) => ({ ...log, events: [...log.events, event].slice(-maxReleaseEvents) }));
}

/** The remote's events, oldest first. */
export function releaseEvents(deploy: string, folder: string): ReleaseEvent[] {
  return readLog(deploy, folder).events;
}

/** The last canary the check aborted by itself, if any. */
export function lastAutomaticAbort(deploy: string, folder: string): ReleaseEvent | undefined {
  return releaseEvents(deploy, folder).findLast(
    (event) => event.action === 'abort' && event.by === 'automatic',
  );
}
