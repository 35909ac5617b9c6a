import './assets/fonts/inter.css';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App.tsx';
import { loadRuntimeConfig } from './config/runtime-config.ts';
import { loadRemoteMap } from './federation/remote-registry.ts';
import { prepareRoute } from './prerender/prepare-route.ts';

// Start fetching both run-time files at once, in parallel with everything below.
void loadRemoteMap().catch(() => undefined);
void loadRuntimeConfig().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const router = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

/** A prerendered page: load the route's remote modules (the HTML preloads them), then hydrate the same tree. */
async function hydratePrerendered(root: HTMLElement) {
  const failed = new Set(
    [...root.querySelectorAll<HTMLElement>('[data-slot-state="failed"][data-slot]')].map(
      (element) => element.dataset.slot ?? '',
    ),
  );
  const { pathname, search, hash } = window.location;
  // A slot that does not load here is rendered lazily: its prerendered HTML stays until it loads or fails.
  await prepareRoute(pathname, { failed, onFailure: () => undefined });
  if (search) window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
  // As a transition, hydration is time-sliced: the page stays responsive while a long page (home) hydrates.
  startTransition(() => {
    hydrateRoot(root, <App router={router} searchAfterHydration={search} />);
  });
}

if (root.hasChildNodes()) void hydratePrerendered(root);
else createRoot(root).render(<App router={router} />);
