/**
 * The entry of the shell's Node build (rsbuild environment "node"), loaded by the prerender step
 * (platform/pages/src/prerender). Like the browser entry, it crosses an async boundary before anything uses the
 * shared singletons, which the Module Federation runtime provides to the remotes' Node builds.
 */
import type { RenderedExpose } from './render-expose.tsx';
import type { PrerenderedPage } from './render-page.tsx';
import type { PrerenderTransport } from './transport-type.ts';

export type { PrerenderedPage, PrerenderTransport, RenderedExpose };

/** Tells the prerender that renderPage takes its transport (builds before read it from globals). */
export const takesTransport = true;

/** Renders one path of the site, reaching the deployed site only through `transport`. */
export async function renderPage(path: string, transport: PrerenderTransport): Promise<PrerenderedPage> {
  const [{ renderPage: render }, { bindTransport }] = await Promise.all([
    import('./render-page.tsx'),
    import('./transport.ts'),
  ]);
  bindTransport(transport);
  return render(path);
}

/** Tells the release gates that renderExpose exists (a shell built before them has none). */
export const rendersExposes = true;

/** Renders one exposed component of a remote with the given props, reaching the site only through `transport`. */
export async function renderExpose(
  remote: string,
  module: string,
  props: object,
  transport: PrerenderTransport,
): Promise<RenderedExpose> {
  const [{ renderExpose: render }, { bindTransport }] = await Promise.all([
    import('./render-expose.tsx'),
    import('./transport.ts'),
  ]);
  bindTransport(transport);
  return render(remote as Parameters<typeof render>[0], module, props);
}
