/**
 * The tags of the e2e suite (Playwright test tags): every spec says which apps it concerns, so a team runs
 * the specs of its own remote (`pnpm test:e2e --remote mf-portfolio`) and `pnpm affected` names the tags a
 * change needs. Specs write the tags as literals (`test.describe('', { tag: ['@mf-portfolio'] }, …)`);
 * e2e-tags.test.ts reads every spec's source and holds each test to at least one known tag.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { appFolders } from './workspace.ts';

/** An app's own specs: `@shell`, `@mf-portfolio`, `@enquiry-api`. */
export const appTag = (folder: string) => `@${folder}`;

/** Specs about the site as a whole (delivery, every page's quality, hydration of every slot). */
export const compositionTag = '@composition';

/**
 * The composition smoke every remote's run adds: the shared singletons and the federation runtime come from the
 * shell (federation/singletons.spec.ts), and every route hydrates its prerendered HTML without a mismatch
 * (prerender/hydration.spec.ts). Together they catch what one remote's change most often breaks elsewhere: a
 * section that renders differently in Node and in the browser on some other team's page, or a remote that no
 * longer shares React, the router or emotion with the shell. About forty tests, a minute or so on two workers.
 */
export const smokeTag = '@smoke';

export const knownTags: readonly string[] = [...appFolders.map(appTag), compositionTag, smokeTag];

/**
 * A Playwright --grep pattern for tests that carry any of the tags. The tag must end where the tag ends:
 * `@shell` must not pick a test tagged `@shell-legacy`.
 */
export function tagPattern(tags: readonly string[]): string {
  return `(${tags.join('|')})(?![\\w-])`;
}

export interface DeclaredTest {
  /** The title as written (a template literal's text with its placeholders). */
  title: string;
  line: number;
  /** Its own tags and those of every group around it. */
  tags: string[];
}

/** The strings of a details object's `tag` property: one string or an array of them. */
function tagsIn(details: ts.Expression | undefined): string[] {
  if (!details || !ts.isObjectLiteralExpression(details)) return [];
  const property = details.properties.find(
    (entry): entry is ts.PropertyAssignment =>
      ts.isPropertyAssignment(entry) && entry.name.getText() === 'tag',
  );
  if (!property) return [];
  const value = property.initializer;
  if (ts.isStringLiteralLike(value)) return [value.text];
  if (ts.isArrayLiteralExpression(value)) {
    return value.elements.flatMap((element) => (ts.isStringLiteralLike(element) ? [element.text] : []));
  }
  return [];
}

/** `test`, `test.describe`, `test.describe.serial`, `test.skip`…: the callee's names, or none for another call. */
function testCallee(expression: ts.Expression): string[] | undefined {
  if (ts.isIdentifier(expression)) return expression.text === 'test' ? ['test'] : undefined;
  if (ts.isPropertyAccessExpression(expression)) {
    const left = testCallee(expression.expression);
    return left && [...left, expression.name.text];
  }
  return undefined;
}

const isFunction = (node: ts.Node | undefined) =>
  !!node && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));

/**
 * Every test a spec declares, read from its source: `test(title, [details,] body)` and its `.skip`, `.fixme`,
 * `.fail`, `.slow` and `.only` forms with a title, with the tags of the `test.describe` groups around it.
 * Calls such as `test.skip(condition)` or `test.use(…)` declare no test.
 */
export function declaredTests(source: string, fileName = 'spec.ts'): DeclaredTest[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const tests: DeclaredTest[] = [];
  const visit = (node: ts.Node, inherited: readonly string[]) => {
    if (ts.isCallExpression(node)) {
      const callee = testCallee(node.expression);
      const [title, second, third] = node.arguments;
      const titled = !!title && (ts.isStringLiteralLike(title) || ts.isTemplateExpression(title));
      const body = isFunction(third) ? third : isFunction(second) ? second : undefined;
      if (callee && titled && body) {
        const own = isFunction(third) ? tagsIn(second) : [];
        const tags = [...inherited, ...own];
        if (callee[1] === 'describe') {
          ts.forEachChild(body, (child) => visit(child, tags));
          return;
        }
        if (callee.length === 1 || ['skip', 'fixme', 'fail', 'slow', 'only'].includes(callee[1] ?? '')) {
          const { line } = file.getLineAndCharacterOfPosition(node.getStart());
          tests.push({ title: title.getText().slice(1, -1), line: line + 1, tags });
          return;
        }
      }
    }
    ts.forEachChild(node, (child) => visit(child, inherited));
  };
  visit(file, []);
  return tests;
}

export const declaredTestsIn = (path: string) => declaredTests(readFileSync(path, 'utf8'), path);
