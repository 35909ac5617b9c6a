/**
 * The workspace files some entry files import, transitively: what Node loads when it runs them (a build's
 * configuration, or an app that runs its source through tsx and has no build). Read from the sources with
 * TypeScript's parser rather than by running them; `import type` loads nothing and is left out, and anything
 * that might load counts, so the answer can only be larger than what runs. Files inside node_modules (third-party packages) are left out; a workspace
 * package reached through its node_modules link is followed to its real folder.
 */
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import ts from 'typescript';

const scriptFile = /\.[cm]?[jt]sx?$/;
/** Imports written without an extension, as TypeScript allows: the forms Node-with-tsx resolves. */
const implicitEndings = ['', '.ts', '.tsx', '.js', '/index.ts', '/index.tsx', '/index.js'];

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

function resolveImport(specifier: string, from: string): string | undefined {
  if (specifier.startsWith('node:')) return undefined;
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const base = resolve(dirname(from), specifier);
    const found = implicitEndings.map((ending) => base + ending).find(isFile);
    return found && realpathSync(found);
  }
  try {
    return realpathSync(createRequire(from).resolve(specifier));
  } catch {
    // A package Node's require cannot resolve (one with import-only exports, a built-in): third-party code.
    return undefined;
  }
}

/**
 * The modules a file imports when it runs: import and export-from declarations, require() and, when asked, import()
 * with a literal. Declarations that are type-only (`import type`, `export type`) are erased and load nothing.
 */
function importsOf(file: string, dynamic: boolean): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const [first] = node.arguments;
      const literal = first && ts.isStringLiteralLike(first) ? first.text : undefined;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (literal && (isRequire || (dynamic && isImport))) found.push(literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Every file the entries reach by imports, themselves included, as absolute real paths, sorted. `dynamic: false`
 * leaves out import() calls: a build configuration reads its remote's exposes for their file names, and their
 * loaders, import() calls the configuration never makes, would otherwise count every component as a
 * configuration input.
 */
export function importClosure(entries: readonly string[], { dynamic = true } = {}): string[] {
  const seen = new Set<string>();
  const queue = entries.filter(isFile).map((entry) => realpathSync(entry));
  for (const file of queue) {
    if (seen.has(file) || file.includes('/node_modules/')) continue;
    seen.add(file);
    if (!scriptFile.test(file)) continue;
    for (const specifier of importsOf(file, dynamic)) {
      const target = resolveImport(specifier, file);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return [...seen].sort();
}
