/**
 * The affected set as a person reads it (a line per app, with why) and as a pipeline reads it (--json: plain
 * lists to test membership in, with the details beside them).
 */
import type { Affected, AppCause, Cause } from './affected.ts';

/** "mf-portfolio/src/a.ts, 3 files": the first file, and how many there are when there are several. */
function filesText(files: readonly string[]): string {
  return files.length === 1 ? `${files[0]}` : `${files[0]}, ${files.length} files`;
}

/** A cause as seen from one app or the suite; its own package's files need no label. */
function causeText(cause: Cause | AppCause, target: string): string {
  if (cause.source === target) return filesText(cause.files);
  const typesOnly = cause.kind === 'package' && 'action' in cause && cause.action === 'check';
  return `${cause.source}${typesOnly ? ', types only' : ''}: ${filesText(cause.files)}`;
}

/** Causes enough to see why; a wide change would otherwise make a line of every package. */
const causesShown = 3;

function causesText(causes: readonly (Cause | AppCause)[], target: string): string {
  const shown = causes.slice(0, causesShown).map((cause) => causeText(cause, target));
  const more = causes.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; ${more} more (--json lists them)` : '');
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
    suite: { ...affected.suite, run: affected.suite.causes.length > 0 },
    apps: affected.apps,
    ignored: affected.ignored,
  };
}
