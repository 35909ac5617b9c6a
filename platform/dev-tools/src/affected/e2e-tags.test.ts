import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { declaredTests, declaredTestsIn, knownTags, smokeTag, tagPattern } from './e2e-tags.ts';

const testsDir = join(repoRoot, 'e2e', 'tests');
const specFiles = readdirSync(testsDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.spec.ts'))
  .sort();

describe('every e2e spec is tagged by the apps it concerns', () => {
  it('finds the specs', () => {
    expect(specFiles.length).toBeGreaterThan(40);
  });

  it.each(specFiles)('%s: each test has a known tag', (file) => {
    const tests = declaredTestsIn(join(testsDir, file));
    expect(tests.length, 'tests declared in the file').toBeGreaterThan(0);
    const untagged = tests
      .filter((test) => test.tags.length === 0)
      .map((test) => `${test.line}: ${test.title}`);
    expect(untagged, 'tests without a tag').toEqual([]);
    const unknown = tests.flatMap((test) => test.tags.filter((tag) => !knownTags.includes(tag)));
    expect(unknown, `tags other than ${knownTags.join(', ')}`).toEqual([]);
  });

  it('has a composition smoke, and every remote has specs of its own', () => {
    const tags = new Set(
      specFiles.flatMap((file) => declaredTestsIn(join(testsDir, file)).flatMap((t) => t.tags)),
    );
    for (const tag of [smokeTag, '@shell', '@mf-marketing', '@mf-portfolio', '@mf-contact', '@enquiry-api']) {
      expect(tags.has(tag), tag).toBe(true);
    }
  });
});

describe('declaredTests', () => {
  it('gives each test the tags of its groups and its own', () => {
    const source = `
      test.describe('', { tag: ['@mf-portfolio'] }, () => {
        test.describe.configure({ mode: 'serial' });
        test.skip(({ viewport }) => !viewport, 'reason');
        test('one', async () => {});
        test('two', { tag: '@smoke' }, async () => {});
        for (const path of paths) test(\`\${path} hydrates\`, async () => {});
      });
      test('outside', async () => {});
      test.fixme('later', async () => {});
    `;
    expect(declaredTests(source).map(({ title, tags }) => [title, tags])).toEqual([
      ['one', ['@mf-portfolio']],
      ['two', ['@mf-portfolio', '@smoke']],
      [`\${path} hydrates`, ['@mf-portfolio']],
      ['outside', []],
      ['later', []],
    ]);
  });
});

describe('tagPattern', () => {
  it('matches a tag only where the tag ends', () => {
    const pattern = new RegExp(tagPattern(['@shell', '@smoke']));
    expect(pattern.test('drawer closes @shell')).toBe(true);
    expect(pattern.test('route hydrates @composition @smoke')).toBe(true);
    expect(pattern.test('old drawer @shell-legacy')).toBe(false);
    expect(pattern.test('filter @mf-portfolio')).toBe(false);
  });
});
