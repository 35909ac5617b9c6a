import './assets/fonts/inter.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadRuntimeConfig } from './config/runtime-config.ts';
import { loadRemoteMap } from './federation/remote-registry.ts';

// Start fetching both run-time files at once, in parallel with React's first render.
void loadRemoteMap().catch(() => undefined);
void loadRuntimeConfig().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
