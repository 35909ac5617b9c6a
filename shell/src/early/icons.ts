import type { IconLink } from './protocol.ts';

/** Adds the page's tab icons to its head (see DeferredPlan.icons); once, however often it is called. */
export function addIcons(document: Document, icons: readonly IconLink[]) {
  for (const { href, type, sizes } of icons) {
    if (document.head.querySelector(`link[rel="icon"][href="${CSS.escape(href)}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = href;
    if (type) link.type = type;
    if (sizes) link.setAttribute('sizes', sizes);
    document.head.append(link);
  }
}
