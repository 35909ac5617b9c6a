/**
 * The source an upload names (issue 41, item 6): the query parameters `commit`, `ref` and `author`, each checked
 * against its grammar (build-config/release-protocol's releaseSourceGrammar: bounded, plain, no control
 * characters) before the upload is read. A value outside it is a 400 naming the field and the variable that
 * sets it; nothing changes.
 */
import { type ReleaseSource, releaseSourceFields, releaseSourceGrammar } from 'build-config/release-protocol';
import type { Context } from 'hono';
import { UsageError } from 'platform-kit/cli';
import type { UploadedSource } from 'site-environments/operation-changes';

/** The client's variable for each field (platform-kit's releaseSourceSetting), named in a refusal. */
const variableOf = {
  commit: 'AGENCY_RELEASE_COMMIT',
  ref: 'AGENCY_RELEASE_REF',
  author: 'AGENCY_RELEASE_AUTHOR',
} as const;

/** The longest part of a refused value a reply repeats (JSON-escaped, so no control character reaches a terminal). */
const shownLength = 60;

export function sourceProblem(field: keyof ReleaseSource, value: string): string | undefined {
  const { pattern, words } = releaseSourceGrammar[field];
  if (pattern.test(value)) return undefined;
  const shown = JSON.stringify(value.length > shownLength ? `${value.slice(0, shownLength)}…` : value);
  return `The source's "${field}" must be ${words}; got ${shown}. Set ${variableOf[field]} to name it otherwise. Nothing changed.`;
}

/** The source the request's query names (an empty object when it names none); a bad field throws UsageError. */
export function sourceQuery(c: Context): ReleaseSource {
  const source: ReleaseSource = {};
  for (const field of releaseSourceFields) {
    const value = c.req.query(field);
    if (value === undefined) continue;
    const problem = sourceProblem(field, value);
    if (problem) throw new UsageError(problem);
    source[field] = value;
  }
  return source;
}

/** The source of the version an upload would publish, for the operation (none when either is unknown). */
export type { UploadedSource };

export const uploadedSource = (
  version: string | undefined,
  source: ReleaseSource,
): { source?: UploadedSource } =>
  version !== undefined && Object.keys(source).length > 0 ? { source: { version, source } } : {};
