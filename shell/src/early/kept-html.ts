import { slotStaticAttribute, slotWhenReachedAttribute } from './protocol.ts';

/**
 * The states of an element inside a slot that stand in for content not in the page: the shell's fallback,
 * where the prerender could not load the remote (SlotFallback), or React's placeholder, where the render threw
 * (SlotPlaceholder). Compared by value rather than written as a selector: this code is inline in every page,
 * and a page whose text held `data-slot-state="failed"` would read as a page with a failed section.
 */
const standIns = new Set(['failed', 'loading']);

/**
 * Whether a slot keeps its prerendered HTML without any code: its section needs none (slotStaticAttribute) and
 * its content is in the page. A static section holding a fallback or a placeholder instead is rendered by its
 * code in the browser, like a section that needs code: its code is fetched and input on it (a Retry) is held.
 */
export const keepsPrerenderedHtml = (slot: Element): boolean =>
  slot.hasAttribute(slotStaticAttribute) && holdsContent(slot);

/**
 * Whether a slot's code waits until the visitor reaches for it (slotWhenReachedAttribute) although it may be on
 * screen: its content is in the page to be read meanwhile. One holding a fallback or a placeholder has nothing
 * to read, so its code is fetched at once, as for any slot on screen.
 */
export const waitsToBeReached = (slot: Element): boolean =>
  slot.hasAttribute(slotWhenReachedAttribute) && holdsContent(slot);

const holdsContent = (slot: Element): boolean =>
  ![...slot.querySelectorAll('[data-slot-state]')].some((element) =>
    standIns.has(element.getAttribute('data-slot-state') ?? ''),
  );
