import type { ContractLoaders } from 'build-config/contract';
import type { PortfolioContract } from './contract.ts';

/** Loaders of every exposed module: the showcase renders them, the one-bundle build imports them. */
export const exposedModules = {
  PortfolioSection: () => import('./exposes/PortfolioSection.tsx'),
  ProcessSection: () => import('./exposes/ProcessSection.tsx'),
  PortfolioPage: () => import('./exposes/PortfolioPage.tsx'),
  CategoriesPage: () => import('./exposes/CategoriesPage.tsx'),
} satisfies ContractLoaders<PortfolioContract>;
