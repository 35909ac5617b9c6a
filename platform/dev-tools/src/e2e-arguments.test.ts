import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from 'platform-kit/cli';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { e2eRun, suiteRuns, teamProjects } from './e2e-arguments.ts';

const grepFor = (tags: string) => `--grep=(${tags})(?![\\w-])`;
/** A team's run: every project but nginx's (issue 41), unless it names its own. */
const teamRun = ['--project=delivery', '--project=desktop', '--project=mobile', '--project=outage'];

describe('pnpm test:e2e arguments', () => {
  it('hands every argument to Playwright as it is when neither option is given', () => {
    const argv = ['tests/shell/drawer.spec.ts', '-g', 'drawer', '--project', 'desktop'];
    expect(e2eRun(argv)).toEqual({ playwright: argv, remote: undefined, failFast: false });
  });

  it('--remote runs the specs tagged with the remote and the composition smoke', () => {
    expect(e2eRun(['--remote', 'mf-portfolio']).playwright).toEqual([
      grepFor('@mf-portfolio|@smoke'),
      ...teamRun,
    ]);
    expect(e2eRun(['--remote=mf-contact', '--project', 'desktop']).playwright).toEqual([
      grepFor('@mf-contact|@smoke'),
      '--project',
      'desktop',
    ]);
  });

  it('--remote leaves out the nginx project unless a --project is named (a team job has no nginx)', () => {
    expect(e2eRun(['--remote', 'mf-contact']).playwright).not.toContain('--project=nginx');
    expect(e2eRun(['--remote', 'mf-contact', '--project=nginx']).playwright).toEqual([
      grepFor('@mf-contact|@smoke'),
      '--project=nginx',
    ]);
    expect(e2eRun(['tests/portfolio']).playwright).toEqual(['tests/portfolio']);
  });

  it('names projects that e2e/playwright.config.ts declares, every one but nginx, its site and the engines', () => {
    const config = readFileSync(join(repoRoot, 'e2e', 'playwright.config.ts'), 'utf8');
    const declared = [...config.matchAll(/name: '([^']+)'/g)].map((match) => match[1]);
    expect(declared.filter((name) => !name?.startsWith('nginx') && name !== 'engines')).toEqual([
      ...teamProjects,
    ]);
  });

  it("npm test's two runs take every test project of e2e/playwright.config.ts once, outage alone and last", () => {
    const config = readFileSync(join(repoRoot, 'e2e', 'playwright.config.ts'), 'utf8');
    const declared = [...config.matchAll(/name: '([^']+)'/g)].map((match) => match[1] ?? '');
    // The nginx site's setup and teardown run as the nginx project's dependency and teardown.
    const testProjects = declared.filter((name) => !name.startsWith('nginx-site'));
    const [rest, alone] = suiteRuns.map(({ projects }) => [...projects]);
    expect([...(rest ?? []), ...(alone ?? [])].sort()).toEqual([...testProjects].sort());
    expect(alone).toEqual(['outage']);
    expect(new Set(suiteRuns.map(({ report }) => report)).size).toBe(suiteRuns.length);
  });

  it('takes a remote by its federation name too, and names it by its folder', () => {
    expect(e2eRun(['--remote', 'mf_marketing']).remote).toBe('mf-marketing');
  });

  it('--fail-fast stops at the first failure, with Playwright’s own option', () => {
    expect(e2eRun(['--fail-fast', 'tests/portfolio']).playwright).toEqual([
      '--max-failures=1',
      'tests/portfolio',
    ]);
    expect(e2eRun(['--remote', 'mf-portfolio', '--fail-fast'])).toEqual({
      playwright: [grepFor('@mf-portfolio|@smoke'), ...teamRun, '--max-failures=1'],
      remote: 'mf-portfolio',
      failFast: true,
    });
  });

  it.each([
    [['--remote'], /--remote needs a remote's folder: one of mf-marketing, mf-portfolio, mf-contact/],
    [['--remote', '--fail-fast'], /--remote needs a remote's folder/],
    [['--remote='], /--remote needs a remote's folder/],
    [
      ['--remote', 'mf-blog'],
      /Unknown remote "mf-blog" for --remote: one of mf-marketing, mf-portfolio, mf-contact\./,
    ],
    [['--remote', 'shell'], /shell is no remote: run its specs with --grep @shell/],
    [['--remote', 'mf-portfolio', '--remote', 'mf-contact'], /--remote is given twice/],
    [['--remote', 'mf-portfolio', '-g', 'filter'], /--remote picks the tests by their tags with --grep/],
    [['--remote', 'mf-portfolio', '--grep=filter'], /--remote picks the tests by their tags/],
    [['--fail-fast', '-x'], /--fail-fast is --max-failures=1: give one or the other/],
    [['--fail-fast', '--max-failures=3'], /--fail-fast is --max-failures=1/],
    [['--fail-fast=yes'], /--fail-fast takes no value/],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => e2eRun(argv)).toThrow(UsageError);
    expect(() => e2eRun(argv)).toThrow(message);
  });
});
