import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router-dom';
import { routes } from 'shared-content/site';
import { RemoteSlot } from '../federation/RemoteSlot.tsx';
import { AboutRoute } from '../pages/AboutRoute.tsx';
import { ContactRoute } from '../pages/ContactRoute.tsx';
import { HomePage } from '../pages/HomePage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';

/** Pages owned wholly by one remote; composite pages (home, about, contact) have their own components. */
const pageSlots: Array<{ paths: readonly string[]; element: ReactElement }> = [
  {
    paths: [routes.services.path],
    element: (
      <RemoteSlot
        remote="mf_marketing"
        module="ServicesPage"
        tone="dark"
        reserve={{ base: 3200, md: 2200, lg: 1700 }}
      />
    ),
  },
  {
    paths: [routes.portfolio.path, ...routes.portfolio.aliases],
    element: (
      <RemoteSlot
        remote="mf_portfolio"
        module="PortfolioPage"
        tone="dark"
        reserve={{ base: 4550, md: 2560, lg: 2020 }}
      />
    ),
  },
  {
    paths: [routes.categories.path],
    element: (
      <RemoteSlot
        remote="mf_portfolio"
        module="CategoriesPage"
        tone="dark"
        reserve={{ base: 4300, md: 2500, lg: 1540 }}
      />
    ),
  },
  {
    paths: [routes.privacy.path],
    element: (
      <RemoteSlot
        remote="mf_marketing"
        module="PrivacyPolicyPage"
        tone="dark"
        reserve={{ base: 2000, md: 1600 }}
      />
    ),
  },
  {
    paths: [routes.terms.path, ...routes.terms.aliases],
    element: (
      <RemoteSlot remote="mf_marketing" module="TermsPage" tone="dark" reserve={{ base: 2000, md: 1600 }} />
    ),
  },
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path={routes.home.path} element={<HomePage />} />
      <Route path={routes.about.path} element={<AboutRoute />} />
      <Route path={routes.contact.path} element={<ContactRoute />} />
      {pageSlots.flatMap(({ paths, element }) =>
        paths.map((path) => <Route key={path} path={path} element={element} caseSensitive />),
      )}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
