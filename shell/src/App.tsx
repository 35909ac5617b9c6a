import { ThemeProvider } from '@emotion/react';
import { BrowserRouter } from 'react-router-dom';
import { theme } from 'shared-content/theme';
import { GlobalStyles } from 'shared-content/ui';
import { Layout } from './layout/Layout.tsx';
import { AppRoutes } from './routing/AppRoutes.tsx';
import { RouteMeta } from './routing/RouteMeta.tsx';
import { ScrollToTop } from './routing/ScrollToTop.tsx';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <ScrollToTop />
        <RouteMeta />
        <Layout>
          <AppRoutes />
        </Layout>
      </BrowserRouter>
    </ThemeProvider>
  );
}
