import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { federationEsmAliases } from './esm-runtime-alias.ts';

describe('the ES module builds of the federation runtime for remotes', () => {
  const aliases = Object.entries(federationEsmAliases());

  it('points each CommonJS file the plugin resolves at the ES module build beside it', () => {
    expect(aliases.map(([from]) => from.match(/@module-federation\/([\w-]+)\/dist\/index\.cjs\$$/)?.[1])).toEqual([
      'webpack-bundler-runtime',
      'runtime',
    ]);
    for (const [from, to] of aliases) expect(to).toBe(from.replace(/\.cjs\$$/, '.js'));
  });

  it('names files that exist and are ES modules (no require, no module.exports)', () => {
    for (const [, to] of aliases) {
      const source = readFileSync(to, 'utf8');
      expect(source).toMatch(/^\s*(import|export)\b/m);
      expect(source).not.toMatch(/\brequire\(|module\.exports/);
    }
  });
});
