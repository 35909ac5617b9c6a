import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeRender, renderPlan } from './render-plan.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'render-plan-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const manifest = (metaData: object) =>
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      metaData,
      exposes: [{ name: 'PortfolioSection' }, { name: 'ProcessSection' }],
    }),
  );

describe('renderPlan', () => {
  it('renders every expose the manifest lists once per declared set of props, once without when none', () => {
    manifest({
      exposeProps: { PortfolioSection: [{ context: 'home' }, { context: 'page' }], ProcessSection: [{}] },
    });
    const plan = renderPlan(dir);
    expect(plan).toEqual([
      { module: 'PortfolioSection', index: 0, props: { context: 'home' }, of: 2 },
      { module: 'PortfolioSection', index: 1, props: { context: 'page' }, of: 2 },
      { module: 'ProcessSection', index: 0, props: {}, of: 1 },
    ]);
    expect(plan.map(describeRender)).toEqual([
      'PortfolioSection (props {"context":"home"})',
      'PortfolioSection (props {"context":"page"})',
      'ProcessSection',
    ]);
  });

  it('refuses a manifest that records no declared props', () => {
    manifest({});
    expect(() => renderPlan(dir)).toThrow('records no declared props (metaData.exposeProps)');
  });
});
