/**
 * The page loader: the first script of every prerendered page (platform/pages/src/pages/defer-scripts.ts), small and
 * written into the page inline, so it runs while the head is parsed, before the first paint, with no request of
 * its own. It
 * - opens and closes the mobile menu on a tap before the shell is live (early-drawer.ts);
 * - holds input meant for parts of the page that are not live yet, and performs it once they are;
 * - enables the submit buttons that are disabled only until their form is live (the submit is held instead);
 * - switches the page's web font on once the text has been painted in the fallback face, and adds its tab icons
 *   (a placeholder icon until then, so that the browser does not fetch /favicon.ico by itself before that paint);
 * - sets the legal pages' date to the visitor's today (today-dates.ts);
 * - starts the shell's scripts once the first content is on screen, then the code of the slots in view (but
 *   not of those whose code waits to be reached for);
 * - offers the shell `window.agencyPageLoader`, through which the shell asks for a slot's code and reports
 *   what became live.
 */
import { earlySubmitAttribute } from 'shared-content/early-submit';
import { deferredRequests, firstContentfulPaint } from './deferred-requests.ts';
import { openDrawerEarly } from './early-drawer.ts';
import { holdEarlyInput } from './early-input.ts';
import { enableFontFaces } from './font-faces.ts';
import { addIcons, holdIconPlace } from './icons.ts';
import { keepsPrerenderedHtml, waitsToBeReached } from './kept-html.ts';
import type { PageLoader } from './page-loader-api.ts';
import { type DeferredPlan, deferredPlanId, slotAttribute } from './protocol.ts';
import { fillTodayDates } from './today-dates.ts';

function readPlan(): DeferredPlan | null {
  const block = document.getElementById(deferredPlanId);
  if (!block) return null;
  try {
    const plan = JSON.parse(block.textContent || '{}') as Partial<DeferredPlan>;
    return { scripts: plan.scripts ?? [], preload: plan.preload ?? [], icons: plan.icons ?? [] };
  } catch {
    return null;
  }
}

const whenParsed = () =>
  new Promise<void>((resolve) => {
    if (document.readyState !== 'loading') resolve();
    else document.addEventListener('DOMContentLoaded', () => resolve(), { once: true });
  });

/**
 * The slots a visitor sees on arrival, or will within a short scroll: their code comes right after the shell's.
 * An IntersectionObserver reports them with the next frame; measuring them here instead would force a layout
 * of the whole page in the middle of its start, a long task on a phone.
 */
function whenSlotsInView(found: (slots: string[]) => void) {
  // A section that needs no code keeps its HTML: it has no code to fetch. One whose code waits to be reached
  // for is fetched when it is (a tap held for it, or the shell's triggers), not for being on screen.
  const elements = [...document.querySelectorAll(`[${slotAttribute}]`)].filter(
    (element) => !keepsPrerenderedHtml(element) && !waitsToBeReached(element),
  );
  if (elements.length === 0 || typeof IntersectionObserver !== 'function') return;
  const observer = new IntersectionObserver(
    (entries) => {
      observer.disconnect();
      found(
        entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => entry.target.getAttribute(slotAttribute) ?? ''),
      );
    },
    { rootMargin: '0px 0px 25% 0px' },
  );
  for (const element of elements) observer.observe(element);
}

function start(plan: DeferredPlan, painted: Promise<void>) {
  const wanted: string[] = [];
  const listeners = new Set<(slot: string) => void>();
  const requests = deferredRequests(plan, document);
  // First, so that a tap it handles (the menu) is not also held below for the shell to perform.
  const drawer = openDrawerEarly(window);
  const input = holdEarlyInput(window, {
    onSlotWanted(slot) {
      if (!wanted.includes(slot)) wanted.push(slot);
      requests.preloadSlot(slot);
      for (const listener of listeners) listener(slot);
    },
  });

  const loader: PageLoader = {
    wantedSlots: () => [...wanted],
    onWanted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    preloadSlot: (slot) => requests.preloadSlot(slot),
    partLive: () => input.replay(),
    takeOverDrawer: () => drawer.takeOver(),
  };
  window.agencyPageLoader = loader;

  void whenParsed().then(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>(`button[${earlySubmitAttribute}]`)) {
      button.disabled = false;
    }
  });
  void Promise.all([painted, whenParsed()])
    .then(() => requests.startShell())
    .then(() =>
      whenSlotsInView((slots) => {
        for (const slot of slots) requests.preloadSlot(slot);
      }),
    );
}

const painted = firstContentfulPaint(window);
const plan = readPlan();
if (plan?.icons?.length) holdIconPlace(document);
// The first paint draws the text in the fallback face; Inter and the tab icons are fetched after it, not before.
void painted.then(() => {
  enableFontFaces(document);
  addIcons(document, plan?.icons ?? []);
});

void whenParsed().then(() => fillTodayDates(document, new Date()));
if (plan) start(plan, painted);
