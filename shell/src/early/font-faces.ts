import { fontFacesAttribute, fontFacesWaitingMedia } from './protocol.ts';

/**
 * Switches a prerendered page's @font-face rules on (see fontFacesAttribute): Inter is fetched from here on and
 * replaces the fallback face when it arrives. Called after the first paint by the page loader, and by the
 * shell's bootstrap in case the page loader never ran. Returns whether the page has the rules at all.
 */
export function enableFontFaces(document: Document): boolean {
  const style = document.querySelector<HTMLStyleElement>(`style[${fontFacesAttribute}]`);
  if (!style) return false;
  if (style.media === fontFacesWaitingMedia) style.media = 'all';
  return true;
}
