import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { federationEsmAliases } from './esm-runtime-alias.ts';

describe('the ES module builds of the federation runtime', () => {
  const aliases = Object.entries(federationEsmAliases());

  it('sends the files the plugin resolves, and the packages they require, to their ES module builds', () => {
    const packageOf = (from: string) =>
      from.match(/@module-federation\/([\w-]+)(\/dist\/index\.cjs)?\$$/)?.[1];
    expect(aliases.map(([from]) => packageOf(from))).toEqual([
      'webpack-bundler-runtime',
      'runtime',
      'inject-external-runtime-core-plugin',
      'runtime-core',
      'sdk',
      'error-codes',
    ]);
    for (const [, to] of aliases) expect(to).toMatch(/\/dist\/index\.m?js$/);
  });

  it('names files that exist and are ES modules (no require, no module.exports)', () => {
    for (const [, to] of aliases) {
      const source = readFileSync(to, 'utf8');
      expect(source).toMatch(/^\s*(import|export)\b/m);
      expect(source).not.toMatch(/\brequire\(|module\.exports/);
    }
  });
});
