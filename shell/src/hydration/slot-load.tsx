/**
 * One load of a slot's code and props, started on demand, as a lazy component. While it is pending, a
 * prerendered slot keeps its HTML (React hydrates it once the load resolves) and a slot mounted by client
 * navigation shows its placeholder. The load never rejects: a failure goes to `onFailure` instead, and the slot
 * swaps in its fallback. (A rejection inside a boundary that is still dehydrated would make React throw the
 * prerendered HTML away and report a recoverable error first.)
 */
import { type ComponentType, lazy } from 'react';

export interface LoadedSlot {
  component: ComponentType<object>;
  /** Props resolved together with the module (from run-time files). */
  props: object;
}

export interface SlotLoad {
  /** Renders the loaded component with the resolved props under the given ones; suspends until loaded. */
  readonly Component: ComponentType<object>;
  /** Starts the load if it has not started; later calls do nothing. */
  start(): void;
}

export function slotLoad(load: () => Promise<LoadedSlot>, onFailure: (error: unknown) => void): SlotLoad {
  let resolve: (value: LoadedSlot) => void = () => undefined;
  const loaded = new Promise<LoadedSlot>((done) => {
    resolve = done;
  });
  let started = false;
  const Component = lazy(async () => {
    const { component: Loaded, props: resolved } = await loaded;
    return { default: (direct: object) => <Loaded {...resolved} {...direct} /> };
  });
  return {
    Component,
    start() {
      if (started) return;
      started = true;
      load().then(resolve, onFailure);
    },
  };
}
