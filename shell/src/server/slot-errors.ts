import { slotAttribute } from '../early/protocol.ts';

/** The digest React writes into a section it left for the browser (`<template data-dgst>`), one per error. */
export const renderErrorDigest = (index: number) => `render-error-${index}`;

/**
 * Which remote slot each render error happened in, read from the page's markup: React leaves the Suspense
 * boundary nearest to a throw for the browser and marks it with the error's digest, and every slot's Suspense
 * sits inside the slot's own element (RemoteSlot). The markup is React's: attribute values and text are escaped,
 * so the only `<div` and `</div>` in it are tags, and slots never nest. An error outside every slot (the shell's
 * own) is not listed.
 */
export function slotErrorsOf(
  html: string,
  renderErrors: readonly string[],
): Array<{ slot: string; error: string }> {
  const opening = new RegExp(`<div\\b[^>]*\\b${slotAttribute}="([^"]+)"`, 'g');
  const slots = [...html.matchAll(opening)].map((match) => ({ slot: match[1] ?? '', at: match.index }));
  return renderErrors.flatMap((error, index) => {
    const at = html.indexOf(`data-dgst="${renderErrorDigest(index)}"`);
    if (at === -1) return [];
    const owner = slots.filter((slot) => slot.at < at).at(-1);
    if (!owner) return [];
    // Still inside the slot's element: every <div> opened since its own is closed again, its own is not.
    const between = html.slice(owner.at, at);
    const opened = between.match(/<div\b/g)?.length ?? 0;
    const closed = between.match(/<\/div>/g)?.length ?? 0;
    return opened > closed ? [{ slot: owner.slot, error }] : [];
  });
}
