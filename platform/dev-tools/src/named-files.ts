/**
 * The source files that comments and docs name, checked against the tree: a comment that sends a reader to a
 * file that moved costs them a search, and is how a design loses its map (issue 43, item 5). Only names of
 * source and doc files are read (`.ts`, `.tsx`, `.mjs`, `.md`, `.sh`): `.json` names are mostly files of a
 * deploy or a build (`remotes.json`, `mf-manifest.json`), which the repository does not hold.
 *
 * A name is found when it is
 * - a repository path, or the end of one (`platform/kit/src/paths.ts`, `settings/site.ts`);
 * - a package's import path with its file extension (`deploy-model/layout.ts` is `platform/deploy-model/src/
 *   layout.ts`, the way an `exports` map maps it);
 * - a bare file name (`keys.ts`) that some file of the repository has.
 */
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ts from 'typescript';

export interface NamedFile {
  /** The file that names it, relative to the repository root. */
  file: string;
  line: number;
  name: string;
}

const fileName = /(?<![\w./@:-])((?:[\w-]+\/)*[\w-][\w.-]*\.(?:tsx?|mjs|md|sh))(?![\w/-])/g;

/** The comments of a TypeScript or JavaScript source, with the offset each starts at. */
function commentsOf(path: string, text: string): Array<{ start: number; text: string }> {
  const comments: Array<{ start: number; text: string }> = [];
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    path.endsWith('x') ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard,
    text,
  );
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia)
      comments.push({ start: scanner.getTokenStart(), text: scanner.getTokenText() });
  }
  return comments;
}

/** Every source or doc file name in the comments of `file` (or anywhere in it, for Markdown). */
export function namedFiles(root: string, file: string): NamedFile[] {
  const text = readFileSync(join(root, file), 'utf8');
  const parts = file.endsWith('.md') ? [{ start: 0, text }] : commentsOf(file, text);
  const found: NamedFile[] = [];
  for (const part of parts) {
    for (const match of part.text.matchAll(fileName)) {
      const offset = part.start + (match.index ?? 0);
      const line = text.slice(0, offset).split('\n').length;
      found.push({ file, line, name: (match[1] ?? '').replace(/^\.\//, '') });
    }
  }
  return found;
}

/** Whether `name` is a file of `tracked` (repository-relative paths), by the rules at the top of this file. */
export function nameResolves(
  name: string,
  tracked: readonly string[],
  bareNames: ReadonlySet<string>,
): boolean {
  if (!name.includes('/')) return bareNames.has(name);
  const slash = name.indexOf('/');
  const exported = `${name.slice(0, slash)}/src/${name.slice(slash + 1)}`;
  return tracked.some(
    (path) =>
      path === name || path.endsWith(`/${name}`) || path.endsWith(`/${exported}`) || path === exported,
  );
}

/** The names in `files` that no file of `tracked` answers to. */
export function missingNamedFiles(
  root: string,
  files: readonly string[],
  tracked: readonly string[],
): NamedFile[] {
  const bareNames = new Set(tracked.map((path) => basename(path)));
  return files
    .flatMap((file) => namedFiles(root, file))
    .filter(({ name }) => !nameResolves(name, tracked, bareNames));
}
