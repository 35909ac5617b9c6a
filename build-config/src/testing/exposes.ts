import { join } from 'node:path';
import { createElement } from 'react';
import { expect, it } from 'vitest';
import { declaredPropSets, type ExposeDeclaration, exposedComponent, isComponent } from '../contract.ts';
import { renderWithProviders } from './render.tsx';

/**
 * The checks every remote runs on its src/exposes.ts: each declaration's import loads the very file Module
 * Federation exposes, and that module exports a component under the expose's name (what the shell renders).
 */
export function itDeclaresEachExposeOnce(exposes: Record<string, ExposeDeclaration>, srcDir: string) {
  it.each(Object.entries(exposes))(
    '%s: its import loads the exposed file, which exports a component of that name',
    async (name, { file, load }) => {
      const loaded = (await load()) as Record<string, unknown>;
      expect(loaded).toBe(await import(/* @vite-ignore */ join(srcDir, file)));
      expect(isComponent(loaded[name])).toBe(true);
    },
  );
}

/**
 * Renders every expose with each set of its declared props (src/exposes.ts), as the shell and the release gates
 * do: a component that throws while rendering fails the remote's own tests before it reaches a release.
 */
export function itRendersEachExpose(exposes: Record<string, ExposeDeclaration>) {
  const cases = Object.entries(declaredPropSets(exposes)).flatMap(([name, sets]) =>
    sets.map((props, index) => [name, index, props, exposes[name] as ExposeDeclaration] as const),
  );
  it.each(cases)('%s renders with its declared props (set %i)', async (name, _index, props, { load }) => {
    const component = exposedComponent(await load(), name);
    if (!isComponent(component)) throw new Error(`${name} exports no component`);
    // React reports a render error on the console as well as throwing it: only the throw is the test's.
    const { container, unmount } = renderWithProviders(createElement(component, props));
    expect(container.textContent?.trim()).not.toBe('');
    unmount();
  });
}
