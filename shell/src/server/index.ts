/**
 * The entry of the shell's Node build (rsbuild environment "node"), loaded by the prerender step
 * (scripts/lib/prerender). Like the browser entry, it crosses an async boundary before anything uses the
 * shared singletons, which the Module Federation runtime provides to the remotes' Node builds.
 */
import type { PrerenderedPage } from './render-page.tsx';

export type { PrerenderedPage };

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const { renderPage: render } = await import('./render-page.tsx');
  return render(path);
}
