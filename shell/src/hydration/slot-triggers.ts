/**
 * When a prerendered slot's code is loaded: whichever comes first of
 * - the slot coming near the viewport (on screen at the start, or scrolled to: its HTML shows already, so
 *   "near" only has to beat the visitor's finger, not their eyes), unless its code waits to be reached for
 *   (the route table's `codeLoads: 'when-reached'`);
 * - the visitor reaching for it (a pointer down, focus, a key, typing) or having tapped it before the shell
 *   was live (the page loader remembers that);
 * - the browser being idle (idle-hydration.ts, which calls the slot's trigger itself).
 */
import type { PageLoader } from '../early/page-loader-api.ts';

export type TriggerReason = 'near-viewport' | 'interaction' | 'idle';

/** How far outside the viewport a slot counts as near: about a quick flick of the thumb on a phone. */
export const nearViewportMargin = '200px 0px';

/** The first signs of a visitor reaching for a slot; a click always follows one of them. */
export const intentEvents = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input'] as const;

export interface WatchSlotOptions {
  slot: string;
  onTrigger: (reason: TriggerReason) => void;
  loader?: PageLoader;
  /** Whether coming near the viewport loads it (true by default); false for a slot loaded when reached for. */
  nearViewport?: boolean;
  /** Injected for tests; the browser's by default. */
  IntersectionObserver?: typeof IntersectionObserver;
}

/** Watches a slot's element and calls onTrigger once; returns the function that stops watching. */
export function watchSlot(element: Element, options: WatchSlotOptions): () => void {
  const { slot, onTrigger, loader } = options;
  const Observer = options.IntersectionObserver ?? globalThis.IntersectionObserver;
  let stopped = false;
  const cleanups: Array<() => void> = [];
  const stop = () => {
    stopped = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const fire = (reason: TriggerReason) => {
    if (stopped) return;
    stop();
    onTrigger(reason);
  };

  if (loader?.wantedSlots().includes(slot)) {
    fire('interaction');
    return stop;
  }
  if (loader) cleanups.push(loader.onWanted((wanted) => wanted === slot && fire('interaction')));

  // Heard on the document, in the capture phase, not on the slot: React stops the propagation of an event whose
  // target is in HTML it has not hydrated yet (at its root element, before the event could reach the slot), so
  // a listener on the slot never hears a pointer, focus, key or typing in the very slot waiting for its code.
  const onIntent = (event: Event) => {
    if (event.target instanceof Node && element.contains(event.target)) fire('interaction');
  };
  const document = element.ownerDocument;
  for (const type of intentEvents)
    document.addEventListener(type, onIntent, { capture: true, passive: true });
  cleanups.push(() => {
    for (const type of intentEvents) document.removeEventListener(type, onIntent, { capture: true });
  });

  if (options.nearViewport === false) return stop;
  if (Observer) {
    const observer = new Observer(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fire('near-viewport');
      },
      { rootMargin: nearViewportMargin },
    );
    observer.observe(element);
    cleanups.push(() => observer.disconnect());
  } else {
    // No IntersectionObserver (very old browsers): treat every slot as near.
    fire('near-viewport');
  }
  return stop;
}

/** Whether an element is on screen now (the slots that make a page interactive for the visitor). */
export function isInView(element: Element, viewportHeight = window.innerHeight): boolean {
  const { top, bottom } = element.getBoundingClientRect();
  return top < viewportHeight && bottom > 0;
}
