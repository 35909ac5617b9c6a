/**
 * A prerendered page's content is in its HTML; its scripts only make it interactive. So they start once that
 * content is on screen, not before, and in two waves: first the shell's (header, footer, routing: the part a
 * visitor reaches for first, the menu button above all), then a remote slot's code once the slot is wanted
 * (near the viewport, touched, or the browser idle; the shell decides, see shell/src/hydration/). Every
 * request is an element added to the head, a few per task, so starting twenty downloads is no long task.
 */
import type { DeferredHint, DeferredPlan } from './protocol.ts';

/** Requests added per task: each insertion starts a request, and twenty in one task is a long task on a phone. */
const perTask = 4;

function elementOf(hint: DeferredHint, document: Document): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.href = hint.href;
  link.as = hint.as;
  if (hint.crossorigin) link.crossOrigin = 'anonymous';
  if (hint.type) link.type = hint.type;
  if (hint.integrity) link.integrity = hint.integrity;
  return link;
}

function scriptOf(src: string, document: Document): HTMLScriptElement {
  const script = document.createElement('script');
  script.src = src;
  // The entry is what everything else waits for; a script added by a script is otherwise fetched at low priority.
  script.fetchPriority = 'high';
  return script;
}

/** Adds elements to the head a few per task; resolves when every one of them has loaded or failed. */
function addInBatches(document: Document, elements: HTMLElement[]): Promise<void> {
  const settled = elements.map(
    (element) =>
      new Promise<void>((resolve) => {
        element.addEventListener('load', () => resolve(), { once: true });
        element.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  const add = (from: number) => {
    const batch = document.createDocumentFragment();
    for (const element of elements.slice(from, from + perTask)) batch.appendChild(element);
    document.head.appendChild(batch);
    if (from + perTask < elements.length) setTimeout(() => add(from + perTask), 0);
  };
  if (elements.length > 0) add(0);
  return Promise.all(settled).then(() => undefined);
}

export interface DeferredRequests {
  /** Starts the shell's scripts and preloads; resolves once they have all arrived (or failed). */
  startShell(): Promise<void>;
  /**
   * Starts what the plan lists for a slot (its code, its remote's manifest and entry, the remote map), each
   * file once per page; nothing for a slot the plan does not name, which keeps its HTML and loads no code.
   */
  preloadSlot(slot: string): void;
}

export function deferredRequests(plan: DeferredPlan, document: Document): DeferredRequests {
  const shellHints = plan.preload.filter((hint) => !hint.slots);
  const requested = new Set<string>();
  const fresh = (hints: DeferredHint[]) =>
    hints.filter((hint) => {
      if (requested.has(hint.href)) return false;
      requested.add(hint.href);
      return true;
    });

  return {
    startShell() {
      const elements: HTMLElement[] = [
        ...plan.scripts.map((src) => scriptOf(src, document)),
        ...fresh(shellHints).map((hint) => elementOf(hint, document)),
      ];
      return addInBatches(document, elements);
    },
    preloadSlot(slot) {
      const hints = plan.preload.filter((hint) => hint.slots?.includes(slot));
      void addInBatches(
        document,
        fresh(hints).map((hint) => elementOf(hint, document)),
      );
    },
  };
}

/**
 * Resolves once the page's first content is on screen, as the paint timing API reports it: its entry carries
 * the moment the frame was shown, later than the frame's rAF callbacks. Starting downloads any earlier puts
 * them in the way of the first paint on a slow link. A tab opened in the background paints nothing until it
 * is shown, so it gets its scripts after a few seconds anyway.
 */
export function firstContentfulPaint(window: Window, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    const supported =
      typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes : undefined;
    if (!supported?.includes('paint')) {
      window.requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearTimeout(fallback);
      setTimeout(resolve, 0);
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) finish();
    });
    observer.observe({ type: 'paint', buffered: true });
    const fallback = setTimeout(finish, timeoutMs);
  });
}
