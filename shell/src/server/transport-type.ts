// Its own module: transport.ts binds a transport through transport-plugin.ts, which needs the same type.
/** How the prerender reaches the deployed site: given to renderPage by platform/pages/src/prerender/worker.ts. */
export interface PrerenderTransport {
  /** Answers every URL of the deployed site: the shell's files by path, each remote's by URL. */
  fetch: typeof fetch;
  /** Remote name → the URL of the folder its browser build is served from (ends with "/"). */
  assetBases: Readonly<Record<string, string>>;
}
