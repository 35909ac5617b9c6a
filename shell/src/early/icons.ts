import type { IconLink } from './protocol.ts';

/**
 * A tab icon that asks nothing of the network, in the head while the page is painted first. A page with no icon
 * link makes Chrome fetch /favicon.ico by itself as soon as the load event has fired, which on a fast start is
 * before the largest paint, and Lighthouse then counts that request as one the paint waited for. With this in
 * place the browser has an icon to show and no request to make; addIcons replaces it with the real ones.
 */
export const placeholderIconHref = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';
const placeholderAttribute = 'data-icon-placeholder';

/** Puts the placeholder icon in the head (once): called by the page loader before the first paint. */
export function holdIconPlace(document: Document) {
  if (document.head.querySelector(`link[${placeholderAttribute}]`)) return;
  const link = document.createElement('link');
  link.rel = 'icon';
  link.href = placeholderIconHref;
  link.setAttribute(placeholderAttribute, '');
  document.head.append(link);
}

/**
 * Adds the page's tab icons to its head (see DeferredPlan.icons); once, however often it is called. The first one
 * takes over the placeholder's link rather than following its removal: each change of the icon links is a new
 * list of icons for the browser, and a list that passed through [placeholder, ico, svg] made Chrome download
 * favicon.svg twice.
 */
export function addIcons(document: Document, icons: readonly IconLink[]) {
  for (const { href, type, sizes } of icons) {
    if (document.head.querySelector(`link[rel="icon"][href="${CSS.escape(href)}"]`)) continue;
    const placeholder = document.head.querySelector<HTMLLinkElement>(`link[${placeholderAttribute}]`);
    const link = placeholder ?? document.createElement('link');
    link.removeAttribute(placeholderAttribute);
    link.rel = 'icon';
    link.href = href;
    if (type) link.type = type;
    if (sizes) link.setAttribute('sizes', sizes);
    if (!placeholder) document.head.append(link);
  }
}
