/**
 * The affected set as a person reads it (a line per app, with why) and as a pipeline reads it (--json: plain
 * lists to test membership in, with the details beside them).
 */
import { remoteNames, remotes } from 'build-config/topology';
import type { Affected, AppCause, Cause } from './affected.ts';
import { smokeTag, tagPattern } from './e2e-tags.ts';

/** "mf-portfolio/src/a.ts, 3 files": the first file, and how many there are when there are several. */
function filesText(files: readonly string[]): string {
  return files.length === 1 ? `${files[0]}` : `${files[0]}, ${files.length} files`;
}

/** A cause as seen from one app or the suite; its own package's files need no label. */
function causeText(cause: Cause | AppCause, target: string): string {
  if (cause.source === target) return filesText(cause.files);
  const basis = 'basis' in cause ? cause.basis : undefined;
  const typesOnly = cause.kind === 'package' && 'action' in cause && cause.action === 'check' && !basis;
  const how = basis ? `, ${basis}` : typesOnly ? ', types only' : '';
  return `${cause.source}${how}: ${filesText(cause.files)}`;
}

/** Causes enough to see why; a wide change would otherwise make a line of every package. */
const causesShown = 3;

function causesText(causes: readonly (Cause | AppCause)[], target: string): string {
  const shown = causes.slice(0, causesShown).map((cause) => causeText(cause, target));
  const more = causes.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; ${more} more (--json lists them)` : '');
}

const remoteFolders = new Set<string>(remoteNames.map((name) => remotes[name].folder));

/** The command that runs the e2e tests a change needs: one remote's own option, or a --grep on the tags. */
export function e2eCommand(tags: readonly string[] | null): string {
  if (tags === null) return 'pnpm test:e2e';
  const [first = '', second] = tags;
  if (tags.length === 2 && second === smokeTag && remoteFolders.has(first.slice(1))) {
    return `pnpm test:e2e --remote ${first.slice(1)}`;
  }
  return `pnpm test:e2e --grep '${tagPattern(tags)}'`;
}

/** How the apps were decided: by their builds' modules, or by package where no build could be read. */
function basisLines(affected: Affected): string[] {
  const notes = affected.byPackage.map(({ app, note }) => `${app}: ${note}; decided by package.`);
  if (affected.byModule) return notes;
  return notes.length > 0
    ? [...notes, 'No build was read: every app is decided by package.']
    : ["No build to read (pnpm build writes each app's module list): every app is decided by package."];
}

/** The human output: a header, then `action  target  (why)` rows, releases first. */
export function describeAffected(affected: Affected, range: string, changedFiles: number): string {
  if (changedFiles === 0) return `No files changed in ${range}: nothing to release or test.`;
  const rows: [string, string, string][] = [];
  for (const action of ['release', 'check'] as const) {
    for (const { app, causes } of affected.apps.filter((impact) => impact.action === action)) {
      rows.push([action, app, causesText(causes, app)]);
    }
  }
  const { name, causes } = affected.suite;
  if (causes.length > 0) rows.push(['test', name, causesText(causes, name)]);
  const nothing = rows.length === 0;
  if (affected.ignored.length > 0) rows.push(['ignore', 'documentation', filesText(affected.ignored)]);

  const width = (column: 0 | 1) => Math.max(...rows.map((row) => row[column].length));
  const lines = [
    `${changedFiles} ${changedFiles === 1 ? 'file' : 'files'} changed in ${range}.`,
    ...rows.map((row) => `${row[0].padEnd(width(0))}  ${row[1].padEnd(width(1))}  (${row[2]})`),
  ];
  if (nothing) lines.push('Nothing to release or test.');
  if (affected.apps.some((impact) => impact.action === 'check')) {
    lines.push('check: re-run its typecheck and tests against the change; it has nothing new to release.');
  }
  if (causes.length > 0) {
    const { tags } = affected.suite;
    const which = tags === null ? 'the whole suite' : `the tests tagged ${tags.join(' ')}`;
    lines.push(`e2e: ${which}: ${e2eCommand(tags)}`);
  }
  if (affected.apps.length > 0) lines.push(...basisLines(affected));
  return lines.join('\n');
}

/** The --json output. `release`, `check` and `suite.run` are what a pipeline branches on. */
export function affectedJson(affected: Affected, range: string, changedFiles: number) {
  const appsWith = (action: AppCause['action']) =>
    affected.apps.filter((impact) => impact.action === action).map((impact) => impact.app);
  return {
    range,
    changedFiles,
    release: appsWith('release'),
    check: appsWith('check'),
    suite: {
      ...affected.suite,
      run: affected.suite.causes.length > 0,
      command: affected.suite.causes.length > 0 ? e2eCommand(affected.suite.tags) : null,
    },
    byModule: affected.byModule,
    byPackage: affected.byPackage,
    apps: affected.apps,
    ignored: affected.ignored,
  };
}
