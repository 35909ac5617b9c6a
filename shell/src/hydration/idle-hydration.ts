/**
 * The slots nobody has scrolled to or touched are hydrated when the browser is idle, one at a time in page
 * order, each in an idle period of the main thread once the one before is live. "Idle" starts deliberately
 * patiently: after the page has loaded, the shell has hydrated, the slots on screen are live and nothing has
 * been loading for a second. On a slow phone that keeps the network and the CPU for what the visitor is looking
 * at and doing; on a fast one it is over in a moment.
 */
import { isSettled, type PageHydration } from './page-hydration.ts';

export interface IdleEnvironment {
  /** Resolves once the page's load event has fired. */
  loaded: () => Promise<void>;
  /** Calls back in an idle period of the main thread. */
  requestIdle: (callback: () => void) => void;
  wait: (ms: number) => Promise<void>;
}

/** How long nothing must have been loading before the rest of the page is hydrated. */
export const quietBeforeIdleMs = 1000;

const browserEnvironment = (): IdleEnvironment => ({
  loaded: () =>
    new Promise((resolve) => {
      if (document.readyState === 'complete') resolve();
      else window.addEventListener('load', () => resolve(), { once: true });
    }),
  requestIdle: (callback) =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => callback(), { timeout: 2000 })
      : setTimeout(callback, 50),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
});

const loading = (hydration: PageHydration) => hydration.all().some((slot) => slot.phase === 'loading');

/** Waits until nothing has been loading for `quietMs` (any load starting in that time starts the wait again). */
async function quiet(hydration: PageHydration, env: IdleEnvironment, quietMs: number) {
  for (;;) {
    await hydration.when((current) => !loading(current));
    let busy = false;
    const stop = hydration.subscribe(() => {
      if (loading(hydration)) busy = true;
    });
    await env.wait(quietMs);
    stop();
    if (!busy && !loading(hydration)) return;
  }
}

/** Hydrates the page's remaining dehydrated slots when idle; resolves when none is left. */
export async function hydrateWhenIdle(
  hydration: PageHydration,
  env: IdleEnvironment = browserEnvironment(),
  quietMs = quietBeforeIdleMs,
): Promise<void> {
  await env.loaded();
  // Before the shell has hydrated, no slot is tracked yet and "nothing left to hydrate" would be a false finding.
  await hydration.when((current) => current.isShellHydrated() && current.inViewSettled());
  await quiet(hydration, env, quietMs);
  for (;;) {
    const next = hydration.all().find((slot) => slot.dehydrated && slot.phase === 'waiting');
    if (!next) return;
    await new Promise<void>((resolve) => env.requestIdle(resolve));
    next.trigger('idle');
    await hydration.when(() => isSettled(next) || !hydration.all().includes(next));
  }
}
