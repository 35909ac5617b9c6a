import { type ExposeDeclaration, exposedComponent } from 'build-config/contract';
import { renderWithProviders } from 'build-config/testing';
import type { RemoteName } from 'federation/remotes';
import { exposes as contactExposes } from 'mf-contact/exposes';
import { exposes as marketingExposes } from 'mf-marketing/exposes';
import { exposes as portfolioExposes } from 'mf-portfolio/exposes';
import { type ComponentType, createElement } from 'react';
import { localRuntimeConfig, type RouteSlotEntry, routes } from 'shared-content/site';
import { describe, expect, it, vi } from 'vitest';
import { describeCodeNeed, findCodeNeeds } from '../testing/code-needs.ts';

// mf-portfolio's screenshots resolve through the bundler (import.meta.webpackContext), which vitest lacks;
// its own tests stand in for them the same way.
vi.mock('../../../mf-portfolio/src/project-images.ts', () => ({
  projectImageUrl: (file: string) => `/static/svg/${file}`,
}));

// The remotes' exposes imported from their source, as the one-bundle build does (one-bundle-registry.ts).
const exposes: Record<RemoteName, Record<string, ExposeDeclaration>> = {
  mf_marketing: marketingExposes,
  mf_portfolio: portfolioExposes,
  mf_contact: contactExposes,
};

const slots = Object.entries(routes).flatMap(([route, { path, slots }]) =>
  slots.map((slot: RouteSlotEntry) => ({ route, path, slot, name: `${slot.remote}/${slot.module}` })),
);

/** What a slot's component needs code for, rendered at its route's path with the route table's props. */
async function codeNeedsOf({ path, slot }: (typeof slots)[number]): Promise<string[]> {
  const declaration = exposes[slot.remote as RemoteName]?.[slot.module];
  if (!declaration) throw new Error(`${slot.remote} exposes no ${slot.module}`);
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

describe('a slot declared static (no needsCode) renders nothing that needs its code', () => {
  it.each(slots.filter(({ slot }) => !slot.needsCode))('$route: $name', async (entry) => {
    const needs = await codeNeedsOf(entry);
    expect(
      needs,
      `route ${entry.route}: ${entry.name} has no needsCode, so its code never loads on a page load, yet it needs code for: ${needs.join('; ')}`,
    ).toEqual([]);
  });
});

describe('a slot declared needsCode does need its code', () => {
  it.each(slots.filter(({ slot }) => slot.needsCode))('$route: $name', async (entry) => {
    const needs = await codeNeedsOf(entry);
    expect(
      needs.length,
      `route ${entry.route}: ${entry.name} declares needsCode, yet nothing in it needs code: drop needsCode so its code is not loaded`,
    ).toBeGreaterThan(0);
  });
});
