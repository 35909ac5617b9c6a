import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { describe, expect, it } from 'vitest';
import { readWorkspace, workspaceDependencies } from './workspace.ts';

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
  it('finds the apps of the topology and the e2e suite among this repository’s packages', async () => {
    const workspace = await readWorkspace(repoRoot);
    expect(workspace.apps).toEqual(['shell', 'mf-marketing', 'mf-portfolio', 'mf-contact', 'enquiry-api']);
    expect(workspace.suite).toBe('e2e');
    expect(workspace.packages.find((entry) => entry.folder === 'platform/hosting')?.name).toBe(
      'site-hosting',
    );
  });

  it('expands the globs of pnpm-workspace.yaml as pnpm does, folders without a package.json left out', async () => {
    const root = mkdtempSync(join(tmpdir(), 'workspace-'));
    try {
      const folders = [
        'shell',
        'mf-marketing',
        'mf-portfolio',
        'mf-contact',
        'enquiry-api',
        'e2e',
        'tools/a',
        'tools/b',
      ];
      for (const folder of folders) {
        mkdirSync(join(root, folder), { recursive: true });
        const name = folder.replace('tools/', 'tool-');
        const dependencies = folder === 'shell' ? { 'tool-a': 'workspace:*' } : {};
        writeFileSync(join(root, folder, 'package.json'), JSON.stringify({ name, dependencies }));
      }
      mkdirSync(join(root, 'tools/notes'));
      writeFileSync(
        join(root, 'pnpm-workspace.yaml'),
        "packages:\n  - shell\n  - 'mf-*'\n  - enquiry-api\n  - e2e\n  - tools/*  # every tool\ncatalog:\n  react: 19.3.1\n",
      );
      const workspace = await readWorkspace(root);
      expect(workspace.packages.map(({ folder }) => folder)).toEqual([
        'e2e',
        'enquiry-api',
        'mf-contact',
        'mf-marketing',
        'mf-portfolio',
        'shell',
        'tools/a',
        'tools/b',
      ]);
      expect(workspace.packages.find(({ name }) => name === 'shell')?.dependsOn).toEqual(['tool-a']);
      expect(workspace.apps).toEqual(['shell', 'mf-marketing', 'mf-portfolio', 'mf-contact', 'enquiry-api']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
