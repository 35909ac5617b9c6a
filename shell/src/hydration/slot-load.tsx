/**
 * One load of a slot's code and props, started on demand, as a lazy component. While it is pending, a
 * prerendered slot keeps its HTML (React hydrates it once the load resolves) and a slot mounted by client
 * navigation shows its placeholder. The lazy component never rejects: a failure goes to `onFailure` instead,
 * and the slot swaps in its fallback. (A rejection inside a boundary that is still dehydrated would make React
 * throw the prerendered HTML away and report a recoverable error first.) A prerendered slot's load keeps
 * trying instead of failing; it is told through `stopped` when the slot has been unmounted.
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
  /** The slot is unmounted: a load that keeps trying stops at its next failure. */
  stop(): void;
  /** Mounted again (React may unmount and mount an effect again). */
  resume(): void;
}

export function slotLoad(
  load: (stopped: () => boolean) => Promise<LoadedSlot>,
  onFailure: (error: unknown) => void,
): SlotLoad {
  let unmounted = false;
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
      load(() => unmounted).then(resolve, onFailure);
    },
    stop() {
      unmounted = true;
    },
    resume() {
      unmounted = false;
    },
  };
}
