import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadRuntimeConfig } from './config/runtime-config.ts';
import { enableFontFaces } from './early/font-faces.ts';
import { loadRemoteMap } from './federation/remote-registry.ts';
import { hydrateWhenIdle } from './hydration/idle-hydration.ts';
import { pageHydration } from './hydration/page-hydration.ts';
import { holdInputUntilSearchRestored } from './hydration/search-restore.ts';
import { prepareHydration, prerenderedSlotsOf } from './prerender/prepare-route.ts';
import { HydrationAwareRouter } from './routing/HydrationAwareRouter.tsx';

// A prerendered page carries the @font-face rules inline (platform/pages/src/pages/preload.ts), which the page loader
// switches on after the first paint (switched on here too, should the page loader not have run); adding the
// same rules again as a stylesheet would make the browser restyle and lay out the whole page while it hydrates.
if (!enableFontFaces(document)) void import(/* webpackChunkName: "font-faces" */ './assets/fonts/inter.css');

// Start fetching both run-time files at once, in parallel with everything below.
void loadRemoteMap().catch(() => undefined);
void loadRuntimeConfig().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const router = (children: ReactNode) => <HydrationAwareRouter>{children}</HydrationAwareRouter>;

/**
 * A prerendered page: hydrate the shell at once. Each remote slot is a Suspense boundary whose code arrives
 * later: React keeps its HTML until then (selective hydration), and RemoteSlot loads it when it is wanted. A
 * section that needs no code keeps its HTML for good (StaticSlot) and its code is never loaded.
 */
function hydratePrerendered(root: HTMLElement) {
  // Read just before hydration, after emotion has moved the page's styles into the head: the HTML React is
  // given for the sections kept as they are is then exactly what their elements hold.
  const prerendered = prerenderedSlotsOf(root);
  const { pathname, search, hash } = window.location;
  prepareHydration(pathname, prerendered);
  if (search) {
    holdInputUntilSearchRestored();
    window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
  }
  // As a transition, hydration is time-sliced: the page stays responsive while the shell hydrates.
  startTransition(() => {
    hydrateRoot(root, <App router={router} searchAfterHydration={search} />);
  });
  void hydrateWhenIdle(pageHydration);
}

if (root.hasChildNodes()) hydratePrerendered(root);
else createRoot(root).render(<App router={router} />);
