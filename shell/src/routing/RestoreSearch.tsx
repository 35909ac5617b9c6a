import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * A page is prerendered for its path alone (the ECommerce filter, no plan chosen). The browser hydrates it at
 * that path, so the first render matches the HTML, and this then applies the query the page was opened with
 * (?category=…, ?plan=…) as a replace, not a new history entry.
 */
export function RestoreSearch({ search }: { search: string | undefined }) {
  const navigate = useNavigate();
  const { pathname, hash } = useLocation();
  // Once, after hydration: later navigations bring their own query.
  useEffect(() => {
    if (search) void navigate({ pathname, search, hash }, { replace: true });
  }, []);
  return null;
}
