import type { ContractLoaders } from 'shared-content/contract';
import type { MarketingContract } from './contract.ts';

/** Loaders of every exposed module: the showcase renders them, the one-bundle build imports them. */
export const exposedModules = {
  Hero: () => import('./exposes/Hero.tsx'),
  ServicesPage: () => import('./exposes/ServicesPage.tsx'),
  AboutPage: () => import('./exposes/AboutPage.tsx'),
  PrivacyPolicyPage: () => import('./exposes/PrivacyPolicyPage.tsx'),
  TermsPage: () => import('./exposes/TermsPage.tsx'),
} satisfies ContractLoaders<MarketingContract>;
