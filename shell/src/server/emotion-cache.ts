import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';

/**
 * The properties that browsers the site supports still read only with `-webkit-` (Safari before 18 for
 * backdrop-filter, before 15.4 for mask-image; user-select in Safari; background-clip: text in older Chromium).
 * Everything else emotion's default prefixer writes (`-webkit-box`, `-ms-flexbox`, `-moz-transform`, …) is for
 * browsers long gone, and it was a tenth of the home page's inline CSS over the wire.
 */
const stillPrefixed = new Set(['backdrop-filter', 'mask-image', 'user-select', 'background-clip']);

/** A stylis plugin that writes `-webkit-` before the declarations of `stillPrefixed` only. */
export const slimPrefixer: StylisPlugin = (element) => {
  if (element.type !== 'decl' || element.return || element.length < 0) return;
  if (typeof element.props === 'string' && stillPrefixed.has(element.props)) {
    element.return = `-webkit-${element.value}${element.value}`;
  }
};

/**
 * The emotion cache of one server render (a prerendered page or a release gate's expose): compat mode collects
 * every style in the cache instead of writing inline <style> tags, and only the prefixes still needed are written.
 * Class names are the same as the browser's (they hash the styles before any prefixing).
 */
export function serverEmotionCache(): EmotionCache {
  const cache = createCache({ key: 'css', stylisPlugins: [slimPrefixer] });
  cache.compat = true;
  return cache;
}
