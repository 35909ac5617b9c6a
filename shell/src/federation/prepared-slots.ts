/**
 * What RemoteSlot's first render of each slot is based on, so that it matches the page's HTML. The prerenderer
 * fills this in Node with the modules it loaded before rendering a route (or the slots that failed); the
 * browser, before it hydrates that route, with what the HTML holds: each slot's content (kept, and hydrated
 * once its code is wanted, or kept as it is when the section needs no code) or its fallback.
 */
import type { ComponentType } from 'react';

export type PreparedSlot =
  | { state: 'loaded'; component: ComponentType<object> }
  /** The prerendered HTML holds this slot's fallback: render it too, then retry in the browser. */
  | { state: 'failed' }
  /** The prerendered HTML holds this slot's content: keep it, and hydrate it once its code is wanted. */
  | { state: 'deferred' }
  /**
   * The prerendered HTML holds the content of a section that needs no code (StaticSlot): kept as it is, this
   * HTML, and its code never loaded.
   */
  | { state: 'static'; html: string };

const prepared = new Map<string, PreparedSlot>();

export const slotKey = (remote: string, module: string) => `${remote}/${module}`;

export function prepareSlot(slot: string, value: PreparedSlot) {
  prepared.set(slot, value);
}

export function preparedSlot(slot: string): PreparedSlot | undefined {
  return prepared.get(slot);
}

/**
 * What the page's HTML holds matters only to the render that hydrates it: a slot mounted later (a client
 * navigation back to this route) loads normally. A module loaded before the first render stays, for reuse.
 */
export function forgetPreparedSlot(slot: string) {
  const state = prepared.get(slot)?.state;
  if (state === 'failed' || state === 'deferred' || state === 'static') prepared.delete(slot);
}

export function clearPreparedSlots() {
  prepared.clear();
}
