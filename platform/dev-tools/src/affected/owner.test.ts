import { describe, expect, it } from 'vitest';
import { ownerOf, packageOf } from './owner.ts';
import type { WorkspacePackage } from './workspace.ts';

const pkg = (name: string, folder = name): WorkspacePackage => ({ name, folder, dependsOn: [] });
const packages = [pkg('shell'), pkg('mf-portfolio'), pkg('e2e'), pkg('site-hosting', 'platform/hosting')];

describe('ownerOf', () => {
  it.each([
    ['mf-portfolio/src/filtering.ts', { kind: 'package', name: 'mf-portfolio' }],
    ['mf-portfolio/scripts/project-images/render.ts', { kind: 'package', name: 'mf-portfolio' }],
    ['platform/hosting/src/static-host.ts', { kind: 'package', name: 'site-hosting' }],
    ['e2e/tests/home.spec.ts', { kind: 'package', name: 'e2e' }],
    ['pnpm-lock.yaml', { kind: 'root', label: 'workspace setup', effect: 'release' }],
    ['package.json', { kind: 'root', label: 'workspace setup', effect: 'release' }],
    ['.ci/run', { kind: 'root', label: 'workspace setup', effect: 'release' }],
    ['test-floor.json', { kind: 'root', label: 'check setup', effect: 'check' }],
    ['.gitignore', { kind: 'root', label: 'check setup', effect: 'check' }],
    ['README.md', { kind: 'root', label: 'documentation', effect: 'none' }],
    ['mf-portfolio/README.md', { kind: 'root', label: 'documentation', effect: 'none' }],
    ['docs/diagrams/run-time.svg', { kind: 'root', label: 'documentation', effect: 'none' }],
    // A folder that is no workspace package (yet): nothing says what reads it, so everything is rebuilt.
    ['mf-blog/src/index.ts', { kind: 'root', label: 'outside the packages', effect: 'release' }],
    ['shell-legacy/index.ts', { kind: 'root', label: 'outside the packages', effect: 'release' }],
  ])('%s', (path, owner) => {
    expect(ownerOf(path, packages)).toEqual(owner);
  });
});

describe('packageOf', () => {
  it('takes the deepest folder when packages nest', () => {
    const nested = [pkg('tools', 'tools'), pkg('inner', 'tools/inner')];
    expect(packageOf('tools/inner/src/a.ts', nested)?.name).toBe('inner');
    expect(packageOf('tools/src/a.ts', nested)?.name).toBe('tools');
    expect(packageOf('tools', nested)).toBeUndefined();
  });
});
