import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadChangeSettings } from 'deploy-model/change-settings';
import { openSandbox } from 'platform-kit/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInChromium } from './chromium-renders.ts';
import type { ExposeRender } from './render-plan.ts';

/**
 * The Chromium renders against a standalone page of our own that speaks the showcase's protocol (a render marks
 * body[data-showcase-state], a failure shows [data-showcase-error]) without React: each expose is a function, so
 * what it does to the page, and to the renders after it, is exact.
 */
const standalonePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>stand-in</title></head><body><main id="root"></main><script>
const exposes = {
  Fine: () => 'fine',
  Throws: () => { throw new Error('Throws fails on a page of its own'); },
  // Renders, and leaves behind a listener that throws at the next navigation of the page.
  Leaky: () => {
    addEventListener('popstate', () => { throw new Error('left behind by Leaky'); }, { capture: true, once: true });
    return 'leaky';
  },
};
function show() {
  const expose = exposes[decodeURIComponent(location.pathname.slice(1))];
  try {
    document.getElementById('root').textContent = expose();
    document.body.setAttribute('data-showcase-state', 'rendered');
  } catch (error) {
    const shown = document.createElement('pre');
    shown.setAttribute('data-showcase-error', '');
    shown.textContent = error.message;
    document.body.append(shown);
    document.body.setAttribute('data-showcase-state', 'failed');
  }
}
addEventListener('popstate', show);
show();
</script></body></html>`;

let build: string;
beforeAll(() => {
  build = mkdtempSync(join(tmpdir(), 'chromium-renders-test-'));
  writeFileSync(join(build, 'index.html'), standalonePage);
});
afterAll(() => rmSync(build, { recursive: true, force: true }));

const renders = (...modules: string[]): ExposeRender[] =>
  modules.map((module) => ({ module, index: 0, props: {}, of: 1 }));

function run(plan: ExposeRender[]) {
  const sandbox = openSandbox('chromium-renders-test');
  try {
    return renderInChromium(build, plan, loadChangeSettings(process.env), sandbox);
  } finally {
    sandbox.remove();
  }
}

describe("the gates' Chromium renders", () => {
  it('name the expose that throws with its error, and render the ones after it', () => {
    expect(run(renders('Fine', 'Throws', 'Fine'))).toEqual([
      { module: 'Fine', index: 0 },
      { module: 'Throws', index: 0, error: 'Throws fails on a page of its own' },
      { module: 'Fine', index: 0 },
    ]);
  }, 120_000);

  it('never blame an expose for what an earlier one left in the page: it counts as rendered on a page of its own', () => {
    expect(run(renders('Leaky', 'Fine', 'Fine'))).toEqual([
      { module: 'Leaky', index: 0 },
      { module: 'Fine', index: 0 },
      { module: 'Fine', index: 0 },
    ]);
  }, 120_000);
});
