import { Route, Routes } from 'react-router-dom';
import { routes } from 'shared-content/site';
import { ContactRoute } from '../pages/ContactRoute.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RouteSlots } from './RouteSlots.tsx';

/**
 * Each route's slots are keyed by the route, so moving to another route mounts its slots afresh instead of
 * updating the old ones (a slot still holding prerendered HTML cannot take an update; HydrationAwareRouter).
 * Every path matches exactly (/Portfolio is an alias, /PORTFOLIO is not), as the server's per-route pages do:
 * a page hydrates only where the browser renders the route its HTML was prerendered for.
 */
const remotePages = ['services', 'portfolio', 'categories', 'privacy', 'terms'] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route path={routes.home.path} element={<RouteSlots key="home" route="home" />} />
      <Route path={routes.about.path} element={<RouteSlots key="about" route="about" />} caseSensitive />
      <Route path={routes.contact.path} element={<ContactRoute />} caseSensitive />
      {remotePages.flatMap((id) =>
        [routes[id].path, ...routes[id].aliases].map((path) => (
          <Route key={path} path={path} element={<RouteSlots key={id} route={id} />} caseSensitive />
        )),
      )}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
