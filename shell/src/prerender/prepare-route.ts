/**
 * Loads what a route's first render needs, so that render is complete (no placeholders): its remote modules
 * (from the route → slots table) and, for /contact, runtime.json. The prerenderer runs it before rendering a
 * route in Node and the browser before hydrating that route's HTML, so both render the same tree.
 */
import { loadRuntimeConfig } from '../config/runtime-config.ts';
import { prepareSlot, slotKey } from '../federation/prepared-slots.ts';
import { loadExposedComponent } from '../federation/remote-registry.ts';
import { routeIdOfPath } from '../routing/match-route.ts';
import { routeSlots } from '../routing/route-slots.ts';

export interface PrepareOptions {
  /** Slots already known to have failed (in the browser: the fallbacks the prerendered HTML holds). */
  failed?: ReadonlySet<string>;
  /** What to do with a slot that does not load. Node renders its fallback; the browser leaves it to the slot. */
  onFailure: (slot: string, error: unknown) => void;
}

export async function prepareRoute(pathname: string, { failed, onFailure }: PrepareOptions): Promise<void> {
  const id = routeIdOfPath(pathname);
  if (!id) return;
  const slots = [
    ...new Map(routeSlots[id].map((slot) => [slotKey(slot.remote, slot.module), slot])).values(),
  ];
  const work: Array<Promise<unknown>> = slots.map(async ({ remote, module }) => {
    const key = slotKey(remote, module);
    if (failed?.has(key)) {
      prepareSlot(key, { state: 'failed' });
      return;
    }
    try {
      const { default: component } = await loadExposedComponent(remote, module, 0);
      prepareSlot(key, { state: 'loaded', component });
    } catch (error) {
      onFailure(key, error);
    }
  });
  // The contact page's props come from runtime.json; a failure there is the slot's own to show.
  if (id === 'contact') work.push(loadRuntimeConfig().catch(() => undefined));
  await Promise.all(work);
}
