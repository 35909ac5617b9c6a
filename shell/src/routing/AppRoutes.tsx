import { Route, Routes } from 'react-router-dom';
import { routes } from 'shared-content/site';
import { ContactRoute } from '../pages/ContactRoute.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { RouteSlots } from './RouteSlots.tsx';

/**
 * Every path matches exactly (/Portfolio is an alias, /PORTFOLIO is not), as the server's per-route pages do:
 * a page hydrates only where the browser renders the route its HTML was prerendered for.
 */
const remotePages = ['services', 'portfolio', 'categories', 'privacy', 'terms'] as const;

export function AppRoutes() {
  return (
    <Routes>
      <Route path={routes.home.path} element={<RouteSlots route="home" />} />
      <Route path={routes.about.path} element={<RouteSlots route="about" />} caseSensitive />
      <Route path={routes.contact.path} element={<ContactRoute />} caseSensitive />
      {remotePages.flatMap((id) =>
        [routes[id].path, ...routes[id].aliases].map((path) => (
          <Route key={path} path={path} element={<RouteSlots route={id} />} caseSensitive />
        )),
      )}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
