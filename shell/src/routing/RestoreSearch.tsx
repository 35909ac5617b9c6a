import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { searchRestored } from '../hydration/search-restore.ts';

/**
 * A page is prerendered for its path alone (the ECommerce filter, no plan chosen). The browser hydrates it at
 * that path, so the first render matches the HTML, and this then applies the query the page was opened with
 * (?category=…, ?plan=…) as a replace, not a new history entry.
 */
export function RestoreSearch({ search }: { search: string | undefined }) {
  const navigate = useNavigate();
  const location = useLocation();
  const hydratedAt = useRef(location.key);
  // Once, after hydration: later navigations bring their own query.
  useEffect(() => {
    if (search)
      void navigate({ pathname: location.pathname, search, hash: location.hash }, { replace: true });
  }, []);
  // The first location committed after the hydrated one carries the query: input held until then is performed
  // against it. Compared by key, not by a flag: React's strict mode runs this effect twice on mount.
  useEffect(() => {
    if (!search || location.key !== hydratedAt.current) searchRestored();
  }, [location, search]);
  return null;
}
