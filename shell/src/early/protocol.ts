/**
 * What the page generator, the page loader (this folder, the first script of every prerendered page) and the
 * shell's bundle agree on. Kept in one place because three separate builds read it; DOM-free, as the page
 * generator runs in Node. The loader's run-time interface is in page-loader-api.ts.
 */

/**
 * One deferred request of a page: a preload for the shell (no `slots`: started with the shell's scripts) or
 * for some of the page's remote slots (started when the first of them is wanted).
 */
export interface DeferredHint {
  href: string;
  as: string;
  crossorigin?: true;
  type?: string;
  /** A remote file's SHA-384 from its sealed release: the element that runs it carries the same, so must this. */
  integrity?: string;
  /**
   * The slots ("mf_marketing/Hero") that need this file, fetched when the first of them is wanted: for a chunk
   * the slots whose code it is; for a remote's manifest and entry, that remote's slots that load code on the
   * page. A slot that keeps its prerendered HTML without code (see slotStaticAttribute) is named by no hint, so
   * wanting it fetches nothing. /remotes.json and /runtime.json have no slots: the shell reads them at start.
   */
  slots?: string[];
}

/** A tab icon of the page, as its <link rel="icon"> had it. */
export interface IconLink {
  href: string;
  type?: string;
  sizes?: string;
}

/** The JSON block a prerendered page carries instead of its scripts (platform/pages/src/pages/defer-scripts.ts). */
export interface DeferredPlan {
  scripts: string[];
  preload: DeferredHint[];
  /**
   * The tab icons, added after the first paint: a browser fetches an icon it finds in the head at once, and
   * Lighthouse counts a request that starts before the largest paint as one that paint waited for. Without
   * JavaScript the browser still asks for /favicon.ico by itself.
   */
  icons?: IconLink[];
}

export const deferredPlanId = 'deferred-scripts';

/**
 * The shell's chunk that makes it a Module Federation host (federation/remote-loading.ts, federation-host.ts and
 * the runtime): named by the shell's build, left out of its preloads, and preloaded by the page generator only
 * for a page with a section that loads code, with that section's own hints.
 */
export const federationHostChunk = 'federation-host';

/** The element around each remote slot; its value is the slot, "remote/Module". */
export const slotAttribute = 'data-remote-slot';
/** Set on a slot's element once the slot answers input (hydrated, or showing the shell's fallback). */
export const slotLiveAttribute = 'data-slot-live';

/**
 * Set on a slot's element when its section needs no code to be used (its route-table entry has no `needsCode`):
 * on a page load its prerendered HTML is kept as it is and its remote's code is never fetched, so the page
 * loader neither preloads its code nor holds input for it, as long as its content is in the page
 * (kept-html.ts: not a fallback or React's placeholder where the prerender failed or threw).
 */
export const slotStaticAttribute = 'data-slot-static';
/**
 * Set on a slot's element when its section loads its code only when reached for or at idle (the route table's
 * `codeLoads: 'when-reached'`): the page loader does not fetch its code because it is on screen at the start,
 * as long as its content is in the page (kept-html.ts), and still holds input for it until it is live.
 */
export const slotWhenReachedAttribute = 'data-slot-when-reached';
/**
 * On the shell's own notice inside a slot whose code cannot load yet (federation/SlotNotice.tsx): the notice
 * is the shell's, live with it, so input on it is never held for the slot.
 */
export const slotNoticeAttribute = 'data-slot-notice';
/** Set on <html> once the shell (header, footer, routing) answers input. */
export const shellLiveAttribute = 'data-shell-live';

/**
 * The mobile menu's panel (its id, which the menu button's aria-controls names) and its close button: the page
 * loader opens and closes the panel before the shell is live (early-drawer.ts), the shell's Header takes it over.
 */
export const drawerId = 'mobile-drawer';
export const drawerCloseAttribute = 'data-drawer-close';
/** On the page loader's own backdrop behind a menu it opened (outside the shell's root, never hydrated). */
export const earlyBackdropAttribute = 'data-early-backdrop';

/**
 * The <style> that holds Inter's @font-face rules in a prerendered page. The page generator writes it with
 * `media` set to fontFacesWaitingMedia, under which the browser neither applies its rules nor fetches the font:
 * the first paint draws the text in the metric-matched fallback face (shared-content's interFallback)
 * instead of waiting for a web font. The page loader switches it on after that paint (font-faces.ts).
 */
export const fontFacesAttribute = 'data-font-faces';
export const fontFacesWaitingMedia = 'print';
