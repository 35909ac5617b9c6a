import type { EmotionCache } from '@emotion/cache';

/**
 * The styles a prerendered page used, as the <style> tags emotion's browser cache adopts on start:
 * `data-emotion="css <ids>"` for class styles (registered, so never inserted twice) and one
 * `data-emotion="css-global <name>"` tag per global style, which <Global> finds and takes over.
 * Keyframes are neither; they ride along as global tags.
 */
export function emotionStyleTags(cache: EmotionCache, html: string): string {
  const globals: string[] = [];
  const classIds: string[] = [];
  let classRules = '';
  for (const [id, rules] of Object.entries(cache.inserted)) {
    if (typeof rules !== 'string') continue;
    const className = `${cache.key}-${id}`;
    if (cache.registered[className] === undefined) {
      globals.push(`<style data-emotion="${cache.key}-global ${id}">${rules}</style>`);
    } else if (html.includes(className)) {
      classIds.push(id);
      classRules += rules;
    }
  }
  const classTag = classIds.length
    ? `<style data-emotion="${cache.key} ${classIds.join(' ')}">${classRules}</style>`
    : '';
  return globals.join('') + classTag;
}
