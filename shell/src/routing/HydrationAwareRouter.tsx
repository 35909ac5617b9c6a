import { routeIdOfPath } from 'federation/match-route';
import { type ReactNode, startTransition, useLayoutEffect, useRef, useState } from 'react';
import { type Location, type NavigationType, Router, UNSAFE_createBrowserHistory } from 'react-router-dom';
import { pageHydration } from '../hydration/page-hydration.ts';

interface RouterState {
  action: NavigationType;
  location: Location;
}

/**
 * The browser's router: react-router's BrowserRouter, except that a change of location within the same route
 * (a filter written to the query, a fragment link, the query restored after hydration) waits until no slot of
 * the page is still dehydrated. Every slot reads the location (its links do), and React cannot hand a new
 * location to prerendered HTML whose code has not arrived: it would throw that HTML away and show a
 * placeholder. So those slots are loaded at once and the change applies as soon as they are live, usually in
 * a moment. A change to another route applies at once: the old route's slots are unmounted, not updated.
 */
export function HydrationAwareRouter({ children }: { children: ReactNode }) {
  const history = useRef<ReturnType<typeof UNSAFE_createBrowserHistory>>(null);
  history.current ??= UNSAFE_createBrowserHistory({ window, v5Compat: true });
  const [state, setState] = useState<RouterState>({
    action: history.current.action,
    location: history.current.location,
  });
  const shown = useRef(state.location);

  useLayoutEffect(() => {
    // Changes apply in the order they happened, even when an earlier one is waiting for slots. A slot whose
    // code cannot load keeps waiting (its HTML is kept until its code arrives), so a change still waiting for
    // slots gives way to the next one: the visitor's later navigation is never stuck behind it.
    let queue = Promise.resolve();
    let latest = 0;
    let superseded: () => void = () => undefined;
    return history.current?.listen(({ action, location }) => {
      latest += 1;
      const change = latest;
      superseded();
      const next = new Promise<void>((resolve) => {
        superseded = resolve;
      });
      queue = queue.then(async () => {
        if (change !== latest) return;
        const sameRoute = routeIdOfPath(location.pathname) === routeIdOfPath(shown.current.pathname);
        if (sameRoute && pageHydration.hasDehydrated())
          await Promise.race([pageHydration.hydrateAll(), next]);
        if (change !== latest) return;
        shown.current = location;
        startTransition(() => setState({ action, location }));
      });
    });
  }, []);

  return (
    <Router location={state.location} navigationType={state.action} navigator={history.current}>
      {children}
    </Router>
  );
}
