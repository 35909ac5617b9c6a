import { createContext, type ReactNode, useContext, useState } from 'react';
import { newPageView, type PageView as View } from './remote-health.ts';

/** Slots outside any page view (none in the shell's routes) count once for the document's lifetime. */
const PageViewContext = createContext<View>(newPageView());

/**
 * A page view for the slots inside: a route's slots are wrapped in one, mounted afresh on each navigation to
 * the route (RouteSlots is keyed by the route), so each remote on it counts one view per navigation.
 */
export function PageView({ children }: { children: ReactNode }) {
  const [view] = useState(newPageView);
  return <PageViewContext value={view}>{children}</PageViewContext>;
}

/** The page view a slot is shown in. */
export const usePageView = (): View => useContext(PageViewContext);
