/**
 * mf_marketing's contract with the shell: the exposed names and the props of each exposed component.
 * The shell imports these types (workspace, offline) to typecheck its slots; the contract check compares
 * the names with the built mf-manifest.json before a release.
 */
import type { ComponentType } from 'react';

type NoProps = Record<string, never>;

export interface MarketingContract {
  /** Home: the opening band with headline, stats and the two calls to action. */
  Hero: ComponentType<NoProps>;
  /** Home: the five services at a glance and a free-consultation tile. */
  ServicesOverview: ComponentType<NoProps>;
  /** Home and /about: the four claims, Get Started / Our Work and the team image with badges. */
  AboutSection: ComponentType<NoProps>;
  /** Home: the three one-time plans; each button leads to /contact?plan=<id>. */
  PricingSection: ComponentType<NoProps>;
  /** Home and /about: the featured testimonial, three cards and the stats strip. */
  TestimonialsSection: ComponentType<NoProps>;
  /** Home: "Trusted by Industry Leaders", the logos in a 30-second endless loop. */
  ClientCarousel: ComponentType<NoProps>;
  /** Home and /about: the closing call-to-action band. */
  CallToActionBand: ComponentType<NoProps>;
  ServicesPage: ComponentType<NoProps>;
  /** /about: page title, about section and values (the shell adds the remaining sections). */
  AboutPage: ComponentType<NoProps>;
  PrivacyPolicyPage: ComponentType<NoProps>;
  TermsPage: ComponentType<NoProps>;
}

export const exposeNames = [
  'Hero',
  'ServicesOverview',
  'AboutSection',
  'PricingSection',
  'TestimonialsSection',
  'ClientCarousel',
  'CallToActionBand',
  'ServicesPage',
  'AboutPage',
  'PrivacyPolicyPage',
  'TermsPage',
] as const satisfies readonly (keyof MarketingContract)[];
