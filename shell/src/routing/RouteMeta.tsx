import { matchRoute } from 'federation/match-route';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { pageSeo } from 'shared-content/site';
import { applyPageSeo, siteUrlFromDocument } from './head-tags.ts';

/**
 * Keeps the head in step with the route on client-side navigation: title, description, canonical URL and
 * the Open Graph / Twitter tags, from the same function the server's per-route pages are written with.
 */
export function RouteMeta() {
  const { pathname } = useLocation();
  // Read once, before the first update replaces the server's canonical link (in an effect: there is no
  // document while the page is prerendered).
  const siteUrl = useRef<string | null>(null);
  useEffect(() => {
    siteUrl.current ??= siteUrlFromDocument();
    applyPageSeo(pageSeo(matchRoute(pathname), siteUrl.current));
  }, [pathname]);
  return null;
}
