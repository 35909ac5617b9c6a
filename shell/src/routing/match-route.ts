import { type RouteEntry, type RouteId, routes } from 'shared-content/site';

/** The route-table entry for a pathname (aliases included, trailing slash ignored), or null for a 404. */
export function matchRoute(pathname: string): RouteEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const entries: RouteEntry[] = Object.values(routes);
  return entries.find((route) => route.path === path || route.aliases.includes(path)) ?? null;
}

/** The route-table id of a pathname (the key of routeSlots), or null for a 404. */
export function routeIdOfPath(pathname: string): RouteId | null {
  const route = matchRoute(pathname);
  if (!route) return null;
  return (Object.keys(routes) as RouteId[]).find((id) => routes[id].path === route.path) ?? null;
}
