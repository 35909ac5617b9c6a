/**
 * What the page loader offers the shell at run time. A page rendered without the loader (development, a page
 * the prerenderer could not write) has none, and the shell works without it.
 */
export interface PageLoader {
  /** Slots the visitor already touched before the shell could hydrate them, in the order touched. */
  wantedSlots(): string[];
  /** Calls back when the visitor touches a slot that is not live yet. */
  onWanted(listener: (slot: string) => void): () => void;
  /** Starts downloading a slot's code (with its remote's manifest and entry), once. */
  preloadSlot(slot: string): void;
  /** A part of the page became live (a slot's element, or the document for the shell): replay its input. */
  partLive(part: Element): void;
  /**
   * The shell, hydrated, takes the mobile menu over from the loader (early-drawer.ts): the loader stops opening
   * and closing it and removes its backdrop. True when the visitor left it open.
   */
  takeOverDrawer(): boolean;
}

declare global {
  interface Window {
    agencyPageLoader?: PageLoader;
  }
}

export const pageLoader = (): PageLoader | undefined =>
  typeof window === 'undefined' ? undefined : window.agencyPageLoader;
