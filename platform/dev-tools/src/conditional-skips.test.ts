import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { describeSkippedTest, scanRepositorySkips, scanSkips, skippedTests } from './conditional-skips.ts';

describe('scanSkips', () => {
  it('names the tool a vitest condition asks about, directly or through a const', () => {
    const scan = scanSkips(
      [
        "const missing = !toolInstalled('nginx');",
        "describe.skipIf(missing)('nginx', () => {});",
        "it.runIf(toolInstalled('logrotate'))('rotates', () => {});",
      ].join('\n'),
      'a.test.ts',
    );
    expect(scan.problems).toEqual([]);
    expect(scan.skips.map(({ line, call, tool, reason }) => ({ line, call, tool, reason }))).toEqual([
      { line: 2, call: 'describe.skipIf', tool: 'nginx', reason: 'needs nginx' },
      { line: 3, call: 'it.runIf', tool: 'logrotate', reason: 'needs logrotate' },
    ]);
  });

  it('takes the comment above any other vitest condition as its reason, and refuses one without', () => {
    const scan = scanSkips(
      [
        '// Child processes are signalled the Linux way.',
        "describe.runIf(process.platform === 'linux')('signals', () => {});",
        "it.skipIf(!process.env.HOME)('home', () => {});",
      ].join('\n'),
      'b.test.ts',
    );
    expect(scan.skips[0]?.reason).toBe('Child processes are signalled the Linux way.');
    expect(scan.problems).toEqual([
      "b.test.ts:3: it.skipIf(!process.env.HOME) has no reason: ask toolInstalled('<tool>') or say why in a // comment above it",
    ]);
  });

  it("reads Playwright's reason, and refuses a test that never runs", () => {
    const scan = scanSkips(
      [
        "test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'one width');",
        "test.skip('never', async () => {});",
        'test.fixme();',
        "it.todo('later');",
        "describe.skip('group', () => {});",
        "test.skip(isMobile, '');",
      ].join('\n'),
      'c.spec.ts',
    );
    expect(scan.skips).toHaveLength(1);
    expect(scan.skips[0]?.reason).toBe('one width');
    expect(scan.problems.map((problem) => problem.split(': ')[0])).toEqual([
      'c.spec.ts:2',
      'c.spec.ts:3',
      'c.spec.ts:4',
      'c.spec.ts:5',
      'c.spec.ts:6',
    ]);
  });

  it('sees no skip inside a string, such as a fixture spec', () => {
    const scan = scanSkips("const spec = `test.skip('x', () => {});`;\n", 'd.test.ts');
    expect(scan).toEqual({ skips: [], problems: [] });
  });
});

describe('the repository', () => {
  const scan = scanRepositorySkips(repoRoot);

  it('gives every conditional skip a reason, and holds no test that never runs', () => {
    expect(scan.problems).toEqual([]);
  });

  it('asks platform-kit which Debian tool is here wherever a unit test depends on one', () => {
    const tools = new Set(scan.skips.flatMap((skip) => (skip.tool ? [skip.tool] : [])));
    expect([...tools].sort()).toEqual(['logrotate', 'nginx', 'njs', 'systemd-analyze']);
  });
});

describe('skippedTests', () => {
  it("names each skipped unit test with its file's reasons", () => {
    const scan = scanSkips("it.runIf(toolInstalled('logrotate'))('rotates', () => {});\n", 'ops.test.ts');
    const files = [
      {
        name: '/repo/ops.test.ts',
        assertionResults: [
          { fullName: 'ops rotates', status: 'skipped' },
          { fullName: 'ops reads', status: 'passed' },
        ],
      },
      { name: '/repo/other.test.ts', assertionResults: [{ fullName: 'other', status: 'pending' }] },
    ];
    expect(skippedTests(files, scan, '/repo').map(describeSkippedTest)).toEqual([
      'ops.test.ts › ops rotates (needs logrotate)',
      'other.test.ts › other (a skip in code this file calls)',
    ]);
  });
});
