import { type RouteEntry, routes } from 'shared-content/site';

/** The route-table entry for a pathname (aliases included, trailing slash ignored), or null for a 404. */
export function matchRoute(pathname: string): RouteEntry | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const entries: RouteEntry[] = Object.values(routes);
  return entries.find((route) => route.path === path || route.aliases.includes(path)) ?? null;
}
