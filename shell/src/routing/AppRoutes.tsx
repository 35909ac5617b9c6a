import { Route, Routes } from 'react-router-dom';
import { type RouteId, routes } from 'shared-content/site';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RouteSlots } from './RouteSlots.tsx';

/**
 * Every route of the route table, at its path and its aliases. Each route's slots are keyed by the route, so
 * moving to another route mounts its slots afresh instead of updating the old ones (a slot still holding
 * prerendered HTML cannot take an update; HydrationAwareRouter). Every path matches exactly (/Portfolio is an
 * alias, /PORTFOLIO is not), as the server's per-route pages do: a page hydrates only where the browser renders
 * the route its HTML was prerendered for.
 */
export function AppRoutes() {
  return (
    <Routes>
      {(Object.keys(routes) as RouteId[]).flatMap((id) =>
        [routes[id].path, ...routes[id].aliases].map((path) => (
          <Route key={path} path={path} element={<RouteSlots key={id} route={id} />} caseSensitive />
        )),
      )}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
