/**
 * Slots whose remote module was loaded before the first render, so RemoteSlot can render them at once instead
 * of suspending. The prerenderer fills this in Node before it renders a route; the browser fills it for the
 * same route before it hydrates, so both render the same tree and hydration matches.
 */
import type { ComponentType } from 'react';

export type PreparedSlot =
  | { state: 'loaded'; component: ComponentType<object> }
  /** The prerendered HTML holds this slot's fallback: render it too, then retry in the browser. */
  | { state: 'failed' };

const prepared = new Map<string, PreparedSlot>();

export const slotKey = (remote: string, module: string) => `${remote}/${module}`;

export function prepareSlot(slot: string, value: PreparedSlot) {
  prepared.set(slot, value);
}

export function preparedSlot(slot: string): PreparedSlot | undefined {
  return prepared.get(slot);
}

/** A failed slot is prepared only for the render that must match the HTML; its retry loads it normally. */
export function forgetFailedSlot(slot: string) {
  if (prepared.get(slot)?.state === 'failed') prepared.delete(slot);
}

export function clearPreparedSlots() {
  prepared.clear();
}
