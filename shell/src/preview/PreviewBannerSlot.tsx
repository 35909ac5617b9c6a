import { lazy, Suspense, useEffect, useState } from 'react';
import type { PageHandle } from '../devtools/page-handle.ts';
import { inPreview } from './preview-state.ts';

/**
 * The preview banner, loaded only in a browser in a preview: its code, its copy and its source line are a chunk
 * of their own, so a regular visitor's page loads none of it. Decided after hydration (the cookie is the
 * browser's), so the prerendered page and the first render agree.
 */
const PreviewBanner = lazy(async () => ({
  // Named, so the HTML does not preload it for every visitor (rsbuild.config.ts's preload exclusions).
  default: (await import(/* webpackChunkName: "preview-banner" */ './PreviewBanner.tsx')).PreviewBanner,
}));

/** `page`: what the page devtools read of the page (App.tsx makes it: page-handle.ts says why it is handed down). */
export function PreviewBannerSlot({ page }: { page?: PageHandle }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(inPreview()), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <PreviewBanner page={page} />
    </Suspense>
  );
}
