/**
 * Where things live in a deploy folder: the names every part agrees on (the page generator writes them, the
 * hosts serve them, the release service and nginx's configuration point at them). Names only, no file system,
 * so the embedded host, the nginx model and the page generator share them without importing one another.
 */
import { join } from 'node:path';
import { shell } from 'build-config/topology';

/** The prerendering copy of the shell, beside its browser build. */
export const serverBuildDir = (deploy: string) => join(deploy, `${shell.folder}-server`);
export const serverEntryFile = 'index.js';

/** The hashes of the inline scripts the pages carry, beside the pages, for the shell's CSP. */
export const inlineScriptsIndexName = 'inline-scripts.json';

/** The secret preview links are signed with (created on first use, mode 0600). */
export const previewSecretFile = (deploy: string) => join(deploy, 'releases', 'preview.secret');

/** The preview links ended before they expire (preview/verify.ts's PreviewRevocations), read by both hosts. */
export const previewRevocationsFile = (deploy: string) =>
  join(deploy, 'releases', 'preview-revocations.json');

/**
 * A preview session's versions (federation/preview-session.ts): the manifest URL and integrity of each remote it
 * does not keep live, written by the release service when it signs the session, read by both hosts for the
 * browser holding it. Named by the session's id (a link id: letters, digits, - and _).
 */
export const previewSessionFile = (deploy: string, id: string) =>
  join(deploy, 'releases', 'sessions', `${id}.json`);

export const pagesDir = (deploy: string) => join(deploy, 'pages');

/**
 * The staging environment's deploy folder (AGENCY_STAGING=on), a whole deploy of its own (shell, remotes, map,
 * pages, release logs) inside production's. Production's hosts serve only production's own folders, so none of
 * it reaches a production visitor; the keys and the audit log stay production's (`releases/`), one for both.
 */
export const stagingDeployDir = (deploy: string) => join(deploy, 'staging');

/*
 * Page file names never differ from each other only in case: "/Portfolio" (an alias) and "/portfolio" would
 * otherwise be Portfolio.html and portfolio.html, one file on a case-insensitive disk (macOS, Windows) or after
 * an upload tool that folds case, so one route would silently serve the other's page. Each uppercase ASCII
 * letter is written as "~" and its lowercase form, and a literal "~" as "~~", so the encoding stays reversible;
 * "~" is unreserved in URLs and valid in file names everywhere. Lowercase names are unchanged.
 */
const encodeCase = (name: string) =>
  name.replace(/[~A-Z]/g, (char) => (char === '~' ? '~~' : `~${char.toLowerCase()}`));

/** The inverse of encodeCase; null for a name it never writes (a "~" followed by anything else). */
function decodeCase(name: string): string | null {
  let decoded = '';
  for (let index = 0; index < name.length; index += 1) {
    const char = name[index];
    if (char !== '~') {
      decoded += char;
      continue;
    }
    const next = name[index + 1] ?? '';
    if (next === '~') decoded += '~';
    else if (/^[a-z]$/.test(next)) decoded += next.toUpperCase();
    else return null;
    index += 1;
  }
  return decoded;
}

/**
 * The index of the route pages, beside them: each path the deployed shell serves (canonical and aliases) and its
 * page's file. Written with the pages (swapped in with them), so a host that reads it serves the routes of the
 * shell that is live now, one added or removed by a shell release included (nginx's njs; the embedded host reads
 * the shell's site.json itself).
 */
export const routePagesIndexName = 'routes.json';

/** A route pages index for these paths. */
export const routePagesIndex = (paths: readonly string[]): Record<string, string> =>
  Object.fromEntries(paths.map((path) => [path, pageFileName(path)]));

/** The path as a route index names it: without trailing slashes ("/" stays), the bare /index.html as "/". */
export function routePathOf(uri: string): string {
  if (uri === '/index.html') return '/';
  return uri.length > 1 ? uri.replace(/\/+$/, '') || '/' : uri;
}

/**
 * The file a path is served from: "/" → index.html, "/services" → services.html, "/Portfolio" →
 * ~portfolio.html, 404 → 404.html.
 */
export function pageFileName(path: string | null): string {
  if (path === null) return '404.html';
  return path === '/' ? 'index.html' : `${encodeCase(path.slice(1))}.html`;
}

/** The path a page file is served for (the inverse of pageFileName): undefined for a name it never writes. */
export function pagePathOf(fileName: string): string | null | undefined {
  if (fileName === '404.html') return null;
  if (fileName === 'index.html') return '/';
  if (!fileName.endsWith('.html')) return undefined;
  const decoded = decodeCase(fileName.slice(0, -'.html'.length));
  return decoded === null || decoded === '' ? undefined : `/${decoded}`;
}

/** How a case-insensitive disk compares names (NFC too: macOS also ignores Unicode normalisation). */
const foldName = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * Throws if two paths would be stored in files whose names are equal ignoring case (or equal outright, as
 * "/index" and "/" would be), since on some disks one would overwrite the other. Returns the file names.
 */
export function pageFileNames(paths: ReadonlyArray<string | null>): string[] {
  const owners = new Map<string, { path: string | null; name: string }>();
  const label = (path: string | null) => (path === null ? 'the 404 page' : `"${path}"`);
  return paths.map((path) => {
    const name = pageFileName(path);
    const other = owners.get(foldName(name));
    if (other) {
      throw new Error(
        `Route pages collide: ${label(other.path)} (${other.name}) and ${label(path)} (${name}) have file ` +
          'names equal ignoring case, one file on a case-insensitive disk; rename one of the routes',
      );
    }
    owners.set(foldName(name), { path, name });
    return name;
  });
}
