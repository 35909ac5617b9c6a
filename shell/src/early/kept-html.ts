import { slotStaticAttribute } from './protocol.ts';

/**
 * What a slot's element holds when its content is not in the page: the shell's fallback, where the prerender
 * could not load the remote (SlotFallback), or React's placeholder, where the render threw (SlotPlaceholder).
 */
const contentMissing = '[data-slot-state="failed"], [data-slot-state="loading"]';

/**
 * Whether a slot keeps its prerendered HTML without any code: its section needs none (slotStaticAttribute) and
 * its content is in the page. A static section holding a fallback or a placeholder instead is rendered by its
 * code in the browser, like a section that needs code: its code is fetched and input on it (a Retry) is held.
 */
export const keepsPrerenderedHtml = (slot: Element): boolean =>
  slot.hasAttribute(slotStaticAttribute) && slot.querySelector(contentMissing) === null;
