import { type ComponentType, useEffect, useMemo, useState } from 'react';

export interface SlotContentProps {
  /** The remote's component (lazy until its code has loaded: React keeps the prerendered HTML meanwhile). */
  component: ComponentType<object>;
  /** Props given by the route. */
  props: object;
  /** Called once the content answers input, after any state it adopted in its first effects has rendered. */
  onLive: () => void;
}

/**
 * A slot's remote component and the moment it becomes live. Liveness is reported one render late on purpose:
 * a form adopts what the visitor typed before hydration in an effect, and input held until the slot is live
 * (a submit) must see that state.
 */
export function SlotContent({ component: Component, props, onLive }: SlotContentProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (hydrated) onLive();
  }, [hydrated, onLive]);
  // The same element on the second render, so React skips the remote's tree instead of rendering it again.
  return useMemo(() => <Component {...props} />, [Component, props]);
}
