import { type RouteEntry, type RouteId, routes } from 'shared-content/site';

/** The route-table entry for a pathname (aliases included, trailing slash ignored), or null for a 404. */
export function matchRoute(pathname: string): RouteEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const entries: RouteEntry[] = Object.values(routes);
  return entries.find((route) => route.path === path || route.aliases.includes(path)) ?? null;
}

/** The route-table id (the key of routeSlots) of a route-table entry, or null for the 404 page. */
export function routeIdOf(route: RouteEntry | null): RouteId | null {
  if (!route) return null;
  return (Object.keys(routes) as RouteId[]).find((id) => routes[id].path === route.path) ?? null;
}

/** The route-table id of a pathname, or null for a 404. */
export const routeIdOfPath = (pathname: string): RouteId | null => routeIdOf(matchRoute(pathname));
