/**
 * Every conditional skip in the test sources, with its reason, so none can hide: a test that runs on one
 * machine and not on another must say why where it is written, and `npm test` prints the list. Read from the
 * source with TypeScript's parser (a skip inside a string, such as a test's fixture, is not one):
 *
 * - vitest's `it.runIf(condition)` / `describe.skipIf(condition)`: the reason is the Debian tool the condition
 *   asks about (`toolInstalled('nginx')`, platform-kit/testing/tools, directly or through a `const` of the same
 *   file), else the `//` comment right above the statement;
 * - Playwright's `test.skip(condition, reason)` / `test.fixme(condition, reason)`: the reason is its second
 *   argument.
 *
 * A skip without a reason is a problem, and so is a test that never runs (`it.skip('title', …)`,
 * `describe.skip`, `it.todo`, a bare `test.skip()`): delete it or give it a condition.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export interface ConditionalSkip {
  /** Relative to the repository root. */
  file: string;
  line: number;
  /** How it is written: `it.runIf`, `describe.skipIf`, `test.skip`, … */
  call: string;
  condition: string;
  /** The Debian tool the condition asks about, if any. */
  tool?: string;
  reason?: string;
}

export interface SkipScan {
  skips: ConditionalSkip[];
  /** Each a sentence naming the file and line. */
  problems: string[];
}

const testRoots = new Set(['it', 'test', 'describe', 'suite']);

/** `describe.skipIf`, `test.describe.skip`, …: the names of a callee rooted at a test function, else none. */
function calleeNames(expression: ts.Expression): string[] | undefined {
  if (ts.isIdentifier(expression)) return testRoots.has(expression.text) ? [expression.text] : undefined;
  if (ts.isPropertyAccessExpression(expression)) {
    const left = calleeNames(expression.expression);
    return left && [...left, expression.name.text];
  }
  return undefined;
}

const isTitle = (node: ts.Node | undefined) =>
  !!node && (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node));
const isFunction = (node: ts.Node | undefined) =>
  !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

/** The tool named by a `toolInstalled('…')` call in the expression, or in the initializer of a const it names. */
function toolAskedAbout(
  expression: ts.Expression,
  constants: Map<string, ts.Expression>,
): string | undefined {
  let found: string | undefined;
  const visit = (node: ts.Node, depth: number) => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'toolInstalled' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found = node.arguments[0].text;
      return;
    }
    if (ts.isIdentifier(node) && depth < 3) {
      const initializer = constants.get(node.text);
      if (initializer) visit(initializer, depth + 1);
    }
    ts.forEachChild(node, (child) => visit(child, depth));
  };
  visit(expression, 0);
  return found;
}

/** The `//` comment lines right above the statement holding `node`, as one sentence. */
function commentAbove(node: ts.Node, source: ts.SourceFile): string | undefined {
  let statement: ts.Node = node;
  while (statement.parent && !ts.isSourceFile(statement.parent) && !ts.isBlock(statement.parent))
    statement = statement.parent;
  const ranges = ts.getLeadingCommentRanges(source.text, statement.getFullStart()) ?? [];
  const text = ranges
    .filter((range) => range.kind === ts.SyntaxKind.SingleLineCommentTrivia)
    .map((range) => source.text.slice(range.pos + 2, range.end).trim())
    .join(' ')
    .trim();
  return text || undefined;
}

/** The conditional skips of one file, and its problems. */
export function scanSkips(text: string, file: string): SkipScan {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, ts.Expression>();
  const skips: ConditionalSkip[] = [];
  const problems: string[] = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;

  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const
    )
      constants.set(node.name.text, node.initializer);
    if (ts.isCallExpression(node)) {
      const names = calleeNames(node.expression);
      const last = names?.at(-1);
      const line = lineOf(node);
      const call = names?.join('.') ?? '';
      const [first, second, third] = node.arguments;
      if (last === 'runIf' || last === 'skipIf') {
        const condition = first ? first.getText(source) : '';
        const tool = first && toolAskedAbout(first, constants);
        const reason = tool ? `needs ${tool}` : commentAbove(node, source);
        skips.push({ file, line, call, condition, tool, reason });
        if (!reason)
          problems.push(
            `${file}:${line}: ${call}(${condition}) has no reason: ask toolInstalled('<tool>') or say why in a // comment above it`,
          );
      } else if (last === 'todo') {
        problems.push(`${file}:${line}: ${call} declares a test that never runs`);
      } else if (last === 'skip' || last === 'fixme') {
        const declaresTest = isTitle(first) && (isFunction(second) || isFunction(third));
        if (declaresTest || node.arguments.length === 0 || names?.includes('describe')) {
          problems.push(
            `${file}:${line}: ${call} skips a test on every machine: delete it or give it a condition`,
          );
        } else if (!second || !ts.isStringLiteralLike(second) || second.text.trim() === '') {
          problems.push(
            `${file}:${line}: ${call}(${first?.getText(source)}) has no reason (its second argument)`,
          );
        } else {
          skips.push({ file, line, call, condition: first?.getText(source) ?? '', reason: second.text });
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { skips, problems };
}

const mayHoldSkip = /\b(skipIf|runIf|skip|fixme|todo)\s*\(/;

/** The TypeScript files of the repository (tracked or new, never ignored ones such as node_modules or dist). */
function sourceFiles(root: string): string[] {
  const listed = execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx', '*.mts'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(listed.split('\n').filter(Boolean))].sort();
}

/** Every conditional skip of the repository at `root`, and every problem. */
export function scanRepositorySkips(root: string): SkipScan {
  const skips: ConditionalSkip[] = [];
  const problems: string[] = [];
  for (const file of sourceFiles(root)) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue; // listed by git but deleted in the work tree
    }
    if (!mayHoldSkip.test(text)) continue;
    const scan = scanSkips(text, file);
    skips.push(...scan.skips);
    problems.push(...scan.problems);
  }
  return { skips, problems };
}

/** One line per skip, for the test command's output. */
export function describeSkip(skip: ConditionalSkip): string {
  return `${skip.file}:${skip.line}  ${skip.call}  ${skip.reason ?? '(no reason)'}`;
}

/** The part of vitest's JSON report this reads: each file's tests and their status. */
export interface VitestFileResults {
  name: string;
  assertionResults: { fullName: string; status: string }[];
}

export interface SkippedTest {
  /** Relative to the repository root. */
  file: string;
  name: string;
  /** The reasons of the file's conditional skips; empty where the skip is in code the file calls. */
  reasons: string[];
}

/**
 * The unit tests a run skipped, each with the reasons its file gives for skipping: every skip in the unit suite is
 * a conditional one (the check above refuses the rest), so each depends on the machine and is named in the
 * summary of `npm test`.
 */
export function skippedTests(
  files: readonly VitestFileResults[],
  scan: SkipScan,
  root: string,
): SkippedTest[] {
  return files.flatMap((file) => {
    const relativeName = file.name.startsWith(`${root}/`) ? file.name.slice(root.length + 1) : file.name;
    const reasons = [
      ...new Set(
        scan.skips.flatMap((skip) => (skip.file === relativeName && skip.reason ? [skip.reason] : [])),
      ),
    ];
    return file.assertionResults
      .filter((test) => !['passed', 'failed'].includes(test.status))
      .map((test) => ({ file: relativeName, name: test.fullName, reasons }));
  });
}

export const describeSkippedTest = (test: SkippedTest) =>
  `${test.file} › ${test.name} (${test.reasons.join('; ') || 'a skip in code this file calls'})`;
