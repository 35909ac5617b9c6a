import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { readWorkspace, workspaceDependencies, workspaceFolders } from './workspace.ts';

describe('workspaceFolders', () => {
  it('reads the packages list, quoted or not, with comments, and stops at the next key', () => {
    const yaml = [
      'packages:',
      '  - shell',
      '  # the remotes',
      "  - 'mf-portfolio'",
      '',
      '  - "./tools/inner/"  # a nested one',
      '',
      '# shared versions',
      'catalog:',
      '  react: 19.3.1',
    ].join('\n');
    expect(workspaceFolders(yaml)).toEqual(['shell', 'mf-portfolio', 'tools/inner']);
  });

  it('refuses a glob, which it would have to expand, and a file without the list', () => {
    expect(() => workspaceFolders('packages:\n  - "mf-*"\n')).toThrow(
      'pnpm-workspace.yaml lists "mf-*": name each package\'s folder, not a glob.',
    );
    expect(() => workspaceFolders('catalog:\n  react: 19.3.1\n')).toThrow(/no "packages:" list/);
  });
});

describe('workspaceDependencies', () => {
  it('takes workspace: entries from all three dependency fields, once each', () => {
    expect(
      workspaceDependencies({
        dependencies: { 'shared-content': 'workspace:*', react: 'catalog:' },
        devDependencies: { 'build-config': 'workspace:^', 'site-router': 'workspace:*' },
        peerDependencies: { 'site-router': 'workspace:*', zod: '4.6.7' },
      }),
    ).toEqual(['build-config', 'shared-content', 'site-router']);
    expect(workspaceDependencies({ name: 'alone' })).toEqual([]);
  });
});

describe('readWorkspace', () => {
  it('finds the apps of the topology and the e2e suite among this repository’s packages', () => {
    const workspace = readWorkspace(repoRoot);
    expect(workspace.apps).toEqual(['shell', 'mf-marketing', 'mf-portfolio', 'mf-contact', 'enquiry-api']);
    expect(workspace.suite).toBe('e2e');
    expect(workspace.packages.find((entry) => entry.folder === 'platform/hosting')?.name).toBe(
      'site-hosting',
    );
  });
});
