import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { notFoundRoute } from 'shared-content/site';
import { matchRoute } from './match-route.ts';

function setMetaDescription(content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

/** Gives every route its own document title and meta description from the route table. */
export function RouteMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const route = matchRoute(pathname) ?? notFoundRoute;
    document.title = route.title;
    setMetaDescription(route.description);
  }, [pathname]);
  return null;
}
