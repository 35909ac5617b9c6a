import { ThemeProvider } from '@emotion/react';
import { type ReactNode, StrictMode } from 'react';
import { theme } from 'shared-content/theme';
import { GlobalStyles } from 'shared-content/ui';
import type { PageHandle } from './devtools/page-handle.ts';
import { keepsPrerenderedHtml } from './early/kept-html.ts';
import { slotAttribute } from './early/protocol.ts';
import { visitorBucket } from './federation/remote-map-source.ts';
import { remoteVersion } from './federation/remote-registry.ts';
import { pageHydration } from './hydration/page-hydration.ts';
import { Layout } from './layout/Layout.tsx';
import { PreviewBannerSlot } from './preview/PreviewBannerSlot.tsx';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { InteractiveMark } from './routing/InteractiveMark.tsx';
import { RestoreSearch } from './routing/RestoreSearch.tsx';
import { RouteMeta } from './routing/RouteMeta.tsx';
import { ScrollToTop } from './routing/ScrollToTop.tsx';

export interface AppProps {
  /** The browser's router, or the prerenderer's static router for one path: the same tree inside both. */
  router: (children: ReactNode) => ReactNode;
  /** The query the page was opened with, applied once hydrated (see RestoreSearch). */
  searchAfterHydration?: string;
}

/** What the page devtools read of the page, handed to the preview banner (devtools/page-handle.ts says why). */
export const page: PageHandle = {
  hydration: pageHydration,
  versionOf: (remote) => remoteVersion(remote as Parameters<typeof remoteVersion>[0]),
  bucket: visitorBucket,
  slotAttribute,
  keptStatic: keepsPrerenderedHtml,
};

// Both renders hold the same elements (RestoreSearch included): useId values depend on the tree's shape.
export function App({ router, searchAfterHydration }: AppProps) {
  return (
    <StrictMode>
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        {router(
          <>
            <ScrollToTop />
            <RouteMeta />
            <Layout>
              <AppRoutes />
            </Layout>
            <RestoreSearch search={searchAfterHydration} />
            <InteractiveMark />
          </>,
        )}
        <PreviewBannerSlot page={page} />
      </ThemeProvider>
    </StrictMode>
  );
}
