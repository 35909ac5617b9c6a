// Rsbuild's asset and webpackContext types, for every package whose typecheck follows this file into the
// remote's modules (the shell, the federation package, the tooling): the contract is derived from them.
/// <reference types="@rsbuild/core/types" />
/**
 * Everything mf_marketing exposes, declared once: name → the module that exports a component of that name.
 * Module Federation's `exposes` (rsbuild.config.ts), the contract the shell typechecks its slots against, the
 * standalone page and the one-bundle build all derive from this; the contract check holds each build to it.
 */
import { type ContractOf, defineExposes } from 'build-config/contract';

export const exposes = defineExposes({
  /** Home: the opening band with headline, stats and the two calls to action. */
  Hero: { file: './sections/Hero.tsx', load: () => import('./sections/Hero.tsx') },
  /** Home: the five services at a glance and a free-consultation tile. */
  ServicesOverview: {
    file: './sections/ServicesOverview.tsx',
    load: () => import('./sections/ServicesOverview.tsx'),
  },
  /** Home and /about: the four claims, Get Started / Our Work and the team image with badges. */
  AboutSection: { file: './sections/AboutSection.tsx', load: () => import('./sections/AboutSection.tsx') },
  /** Home: the three one-time plans; each button leads to /contact?plan=<id>. */
  PricingSection: {
    file: './sections/PricingSection.tsx',
    load: () => import('./sections/PricingSection.tsx'),
  },
  /** Home and /about: the featured testimonial, three cards and the stats strip. */
  TestimonialsSection: {
    file: './sections/TestimonialsSection.tsx',
    load: () => import('./sections/TestimonialsSection.tsx'),
  },
  /** Home: "Trusted by Industry Leaders", the logos in a 30-second endless loop. */
  ClientCarousel: {
    file: './sections/ClientCarousel.tsx',
    load: () => import('./sections/ClientCarousel.tsx'),
  },
  /** Home and /about: the closing call-to-action band. */
  CallToActionBand: {
    file: './sections/CallToActionBand.tsx',
    load: () => import('./sections/CallToActionBand.tsx'),
  },
  /** /services: the page title, every service in detail and the closing call. */
  ServicesPage: { file: './pages/ServicesPage.tsx', load: () => import('./pages/ServicesPage.tsx') },
  /** /about: page title, about section and values (the shell adds the remaining sections). */
  AboutPage: { file: './pages/AboutPage.tsx', load: () => import('./pages/AboutPage.tsx') },
  /** /privacy-policy. */
  PrivacyPolicyPage: {
    file: './pages/PrivacyPolicyPage.tsx',
    load: () => import('./pages/PrivacyPolicyPage.tsx'),
  },
  /** /terms-conditions (and /terms). */
  TermsPage: { file: './pages/TermsPage.tsx', load: () => import('./pages/TermsPage.tsx') },
});

/** What mf_marketing promises the shell: each expose's component and its props. */
export type MarketingContract = ContractOf<typeof exposes>;
