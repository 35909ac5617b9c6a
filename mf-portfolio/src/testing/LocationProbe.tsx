import { useLocation } from 'site-router';

/** Shows the router's current path and query, so a test can read where the app navigated. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}
