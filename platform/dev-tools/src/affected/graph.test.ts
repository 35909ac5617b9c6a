import { describe, expect, it } from 'vitest';
import { dependencyClosure, reachOf } from './graph.ts';
import type { WorkspacePackage } from './workspace.ts';

const graph = (edges: Record<string, string[]>): WorkspacePackage[] =>
  Object.entries(edges).map(([name, dependsOn]) => ({ name, folder: name, dependsOn }));

describe('reachOf', () => {
  it('releases for what the app builds from and only checks what it reaches through another app', () => {
    const packages = graph({
      host: ['contracts', 'ui'],
      contracts: ['remote'],
      remote: ['ui', 'remote-only'],
      ui: [],
      'remote-only': [],
    });
    expect(reachOf('host', packages, new Set(['host', 'remote']))).toEqual(
      new Map([
        ['host', 'release'],
        ['contracts', 'release'],
        ['ui', 'release'],
        ['remote', 'check'],
        ['remote-only', 'check'],
      ]),
    );
  });

  it('releases a package reached both ways, whichever path it meets first', () => {
    // Breadth first, lib is met through remote (check) before through helper (release).
    const packages = graph({ host: ['remote', 'helper'], remote: ['lib'], helper: ['lib'], lib: [] });
    expect(reachOf('host', packages, new Set(['host', 'remote'])).get('lib')).toBe('release');
  });

  it('ends on a cycle', () => {
    const packages = graph({ a: ['b'], b: ['c'], c: ['a'] });
    expect(reachOf('a', packages, new Set(['a']))).toEqual(
      new Map([
        ['a', 'release'],
        ['b', 'release'],
        ['c', 'release'],
      ]),
    );
  });
});

describe('dependencyClosure', () => {
  it('follows every dependency, apps included', () => {
    const packages = graph({
      suite: ['tools'],
      tools: ['host'],
      host: ['remote'],
      remote: [],
      unrelated: [],
    });
    expect(dependencyClosure('suite', packages)).toEqual(new Set(['suite', 'tools', 'host', 'remote']));
  });
});
