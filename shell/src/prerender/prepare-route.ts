/**
 * Prepares a route's first render. In Node (prepareRoute), the prerenderer loads what that render needs, so the
 * HTML is complete (no placeholders): its remote modules (from the route table) and runtime.json when a slot
 * takes it. In the browser (prepareHydration), nothing is loaded first: each slot keeps its prerendered HTML
 * and is hydrated on its own once its code is wanted (RemoteSlot), so the shell is live without waiting for any
 * remote.
 */

import { routeIdOfPath } from 'federation/match-route';
import { routeSlots } from 'federation/route-slots';
import { loadRuntimeConfig } from '../config/runtime-config.ts';
import { keepsPrerenderedHtml } from '../early/kept-html.ts';
import { slotAttribute } from '../early/protocol.ts';
import { prepareSlot, slotKey } from '../federation/prepared-slots.ts';
import { loadExposedComponent } from '../federation/remote-registry.ts';

export interface PrepareOptions {
  /** What to do with a slot that does not load (the prerenderer renders its fallback and reports it). */
  onFailure: (slot: string, error: unknown) => void;
}

export async function prepareRoute(pathname: string, { onFailure }: PrepareOptions): Promise<void> {
  const id = routeIdOfPath(pathname);
  if (!id) return;
  const slots = [
    ...new Map(routeSlots[id].map((slot) => [slotKey(slot.remote, slot.module), slot])).values(),
  ];
  const work: Array<Promise<unknown>> = slots.map(async ({ remote, module }) => {
    const key = slotKey(remote, module);
    try {
      const { default: component } = await loadExposedComponent(remote, module, 0);
      prepareSlot(key, { state: 'loaded', component });
    } catch (error) {
      onFailure(key, error);
    }
  });
  // A slot given runtime.json (the contact page) renders with it; a failure there is the slot's own to show.
  if (routeSlots[id].some((slot) => 'runtimeConfigProp' in slot)) {
    work.push(loadRuntimeConfig().catch(() => undefined));
  }
  await Promise.all(work);
}

/**
 * What the page's HTML holds for each slot of the route: the fallback (a failed prerender), the content of a
 * section that needs no code (its HTML, kept as it is), or content to hydrate once its code is wanted.
 */
export interface PrerenderedSlots {
  failed: ReadonlySet<string>;
  /** Slot → the HTML of its element, for the slots marked as needing no code. */
  staticHtml: ReadonlyMap<string, string>;
}

/**
 * Reads what a prerendered page's root holds for each slot. A section that needs no code is kept only when its
 * content is there: one whose render threw in the prerender holds the placeholder React left for the browser to
 * render (`data-slot-state="loading"`), and its code must load to render it (or its fallback).
 */
export function prerenderedSlotsOf(root: ParentNode): PrerenderedSlots {
  const failed = new Set(
    [...root.querySelectorAll<HTMLElement>('[data-slot-state="failed"][data-slot]')].map(
      (element) => element.dataset.slot ?? '',
    ),
  );
  const staticHtml = new Map(
    [...root.querySelectorAll<HTMLElement>(`[${slotAttribute}]`)]
      .filter(keepsPrerenderedHtml)
      .map((element) => [element.getAttribute(slotAttribute) ?? '', element.innerHTML]),
  );
  return { failed, staticHtml };
}

/** Marks each slot of the route for hydration: its prerendered content, or the fallback the HTML holds. */
export function prepareHydration(pathname: string, { failed, staticHtml }: PrerenderedSlots): void {
  const id = routeIdOfPath(pathname);
  if (!id) return;
  for (const { remote, module } of routeSlots[id]) {
    const key = slotKey(remote, module);
    const html = staticHtml.get(key);
    if (failed.has(key)) prepareSlot(key, { state: 'failed' });
    else if (html !== undefined) prepareSlot(key, { state: 'static', html });
    else prepareSlot(key, { state: 'deferred' });
  }
}
