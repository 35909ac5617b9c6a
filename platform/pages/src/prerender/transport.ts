/**
 * What the worker gives the shell's Node build with every page (renderPage's second parameter, declared by the
 * shell): how to reach the deployed site (deploy-fetch.ts), and where each remote's browser files are.
 */
export type { PrerenderTransport } from 'shell/server';

/**
 * In Node a remote's images resolve against the folder its browser build is served from: its manifest's. An
 * entry that is no URL is the shell's to report (remote-map.ts); its slots are prerendered as fallbacks.
 */
export function assetBasesOf(remoteMap: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(remoteMap).flatMap(([name, manifest]) =>
      URL.canParse(String(manifest)) ? [[name, new URL('.', String(manifest)).href]] : [],
    ),
  );
}
