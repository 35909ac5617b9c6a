import type { ContractLoaders } from 'build-config/contract';
import type { MarketingContract } from './contract.ts';

/** Loaders of every exposed module: the showcase renders them, the one-bundle build imports them. */
export const exposedModules = {
  Hero: () => import('./exposes/Hero.tsx'),
  ServicesOverview: () => import('./exposes/ServicesOverview.tsx'),
  AboutSection: () => import('./exposes/AboutSection.tsx'),
  PricingSection: () => import('./exposes/PricingSection.tsx'),
  TestimonialsSection: () => import('./exposes/TestimonialsSection.tsx'),
  ClientCarousel: () => import('./exposes/ClientCarousel.tsx'),
  CallToActionBand: () => import('./exposes/CallToActionBand.tsx'),
  ServicesPage: () => import('./exposes/ServicesPage.tsx'),
  AboutPage: () => import('./exposes/AboutPage.tsx'),
  PrivacyPolicyPage: () => import('./exposes/PrivacyPolicyPage.tsx'),
  TermsPage: () => import('./exposes/TermsPage.tsx'),
} satisfies ContractLoaders<MarketingContract>;
