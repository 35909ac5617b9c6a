import { join } from 'node:path';
import { type ComponentType, createElement } from 'react';
import { localRuntimeConfig, type RouteSlotEntry, routes } from 'shared-content/site';
import { describe, expect, it } from 'vitest';
import { declaredPropSets, type ExposeDeclaration, exposedComponent, isComponent } from '../src/contract.ts';
import type { RemoteName } from '../src/topology.ts';
import { describeCodeNeed, findCodeNeeds } from './code-needs.ts';
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

/**
 * Holds each of this remote's slots in the route table to its `needsCode` flag, rendered at its route with the
 * table's props. A slot without the flag keeps its prerendered HTML and never loads its code on a page load, so
 * it must render nothing that needs code (state, effects, handlers: code-needs.ts); a slot with it must need
 * code, or its code loads for nothing. In the remote's own tests, so that a team's change breaking the promise
 * (a button added to a static section) fails in its own pipeline, before a release.
 */
export function itNeedsCodeAsRouted(remote: RemoteName, exposes: Record<string, ExposeDeclaration>) {
  const slots = Object.entries(routes).flatMap(([route, { path, slots }]) =>
    slots
      .filter((slot: RouteSlotEntry) => slot.remote === remote)
      .map((slot: RouteSlotEntry) => ({ route, path, slot, name: slot.module })),
  );

  async function codeNeedsOf({ path, slot }: (typeof slots)[number]): Promise<string[]> {
    const declaration = exposes[slot.module];
    if (!declaration) throw new Error(`${remote} exposes no ${slot.module}`);
    const component = exposedComponent(await declaration.load(), slot.module) as ComponentType<object>;
    const props = slot.runtimeConfigProp
      ? { ...slot.props, [slot.runtimeConfigProp]: localRuntimeConfig('http://127.0.0.1:4800') }
      : slot.props;
    const { container, unmount } = renderWithProviders(createElement(component, props), { path });
    try {
      return findCodeNeeds(container, component).map(describeCodeNeed);
    } finally {
      unmount();
    }
  }

  // A remote may have slots of one kind only (mf-contact's one page needs code): an empty group is no test.
  const staticSlots = slots.filter(({ slot }) => !slot.needsCode);
  const codeSlots = slots.filter(({ slot }) => slot.needsCode);

  // Runs for a remote that has static slots; every remote's own test file calls this.
  describe.runIf(staticSlots.length > 0)(
    'a slot declared static (no needsCode) renders nothing that needs its code',
    () => {
      it.each(staticSlots)('$route: $name', async (entry) => {
        const needs = await codeNeedsOf(entry);
        expect(
          needs,
          `route ${entry.route}: ${remote}/${entry.name} has no needsCode, so its code never loads on a page load, yet it needs code for: ${needs.join('; ')}`,
        ).toEqual([]);
      });
    },
  );

  // Runs for a remote that has slots that need their code.
  describe.runIf(codeSlots.length > 0)('a slot declared needsCode does need its code', () => {
    it.each(codeSlots)('$route: $name', async (entry) => {
      const needs = await codeNeedsOf(entry);
      expect(
        needs.length,
        `route ${entry.route}: ${remote}/${entry.name} declares needsCode, yet nothing in it needs code: drop needsCode so its code is not loaded`,
      ).toBeGreaterThan(0);
    });
  });
}
