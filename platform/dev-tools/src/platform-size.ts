/**
 * The sizes issue 43 holds the platform to: no function over 100 lines (a function that long does several things
 * a reader must hold at once) and no package over 3,500 lines of non-test source. Measured with TypeScript's own
 * parser, so a function is what the language says it is (declarations, methods, arrows, function expressions).
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';

export const maxFunctionLines = 100;
export const maxPackageLines = 3500;

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

/**
 * A platform source file that is not a test: every file under a package's src/ (its test helpers live in its
 * testing/ folder, which package-boundaries.test.ts holds).
 */
export const isPlatformSource = (path: string) =>
  /^platform\/[^/]+\/src\/.*\.ts$/.test(path) && !/\.test\.ts$/.test(path);

/** A function's name, or the name of the variable or property it is the value of. */
function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const { parent } = node;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

/** Every function of `file` (repository-relative, read from `root`) longer than `maxFunctionLines`. */
export function longFunctions(root: string, file: string): LongFunction[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(`${root}/${file}`, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      const name = nameOf(node);
      if (lines > maxFunctionLines) found.push({ file, line: first + 1, name, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Lines of each platform package's non-test source, by package folder (`platform/<folder>`). */
export function packageLines(root: string, files: readonly string[]): Map<string, number> {
  const lines = new Map<string, number>();
  for (const file of files.filter(isPlatformSource)) {
    const folder = file.split('/').slice(0, 2).join('/');
    lines.set(folder, (lines.get(folder) ?? 0) + readFileSync(`${root}/${file}`, 'utf8').split('\n').length);
  }
  return lines;
}
