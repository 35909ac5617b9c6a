import { routeIdOfPath } from 'federation/match-route';

/** What a click on a static slot says, as far as deciding where it goes needs. */
export interface LinkClick {
  target: EventTarget | null;
  button: number;
  defaultPrevented: boolean;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Where the shell's router should take a click inside a static slot, or null to leave the click to the browser.
 * A static slot's links are the prerendered `<a href>`s of react-router's Link, without the Link's code: this
 * does what that code did, so a visitor moves between the site's pages without a page load. Everything the
 * browser does better is left to it: a new tab or window (a modifier, a middle click, a `target`), a download,
 * another origin, a fragment of this page (it scrolls there), and a path that is not one of the site's routes
 * (a file, say).
 */
export function clientNavigationOf(click: LinkClick, current: Location): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  const link = click.target instanceof Element ? click.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement)) return null;
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.getAttribute('href') ?? '', current.href);
  if (url.origin !== current.origin) return null;
  if (url.hash && url.pathname === current.pathname && url.search === current.search) return null;
  if (!routeIdOfPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
