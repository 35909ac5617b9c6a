/**
 * Which remote modules each route shows, in order, with the space each reserves. The shell renders its routes
 * from this table, and the page generator (scripts/lib/pages/preload.ts) reads it to preload exactly these
 * remotes and exposes in each route's HTML, so the two can never disagree. Data only: Node reads it too.
 */

import type { ExposedProps } from 'build-config/contract';
import type { ImportedModule, RemoteContracts, RemoteName } from 'federation/remotes';
import type { RouteId } from 'shared-content/site';
import type { SlotReserve, SlotTone } from './slot-shape.ts';

/** One remote slot of a page, typed per remote and module: a wrong module name or prop fails the typecheck. */
export type SlotDeclaration = {
  [R in RemoteName]: {
    [M in ImportedModule<R>]: {
      remote: R;
      module: M;
      /** Space held while loading and on failure: the section's height measured at 375, 768 and 1280 px. */
      reserve: SlotReserve;
      tone?: SlotTone;
      /** Props known when the page is written; props from run-time files are resolved by the route. */
      props?: Partial<ExposedProps<RemoteContracts[R], M>>;
    };
  }[ImportedModule<R>];
}[RemoteName];

/** Reserves of sections that appear on more than one page. */
const processReserve = { base: 1340, md: 890, lg: 620 };
const testimonialsReserve = { base: 2460, md: 1860, lg: 1200 };
const callToActionReserve = { base: 450, md: 440 };

export const routeSlots = {
  /**
   * Home, in the order a visitor decides: what we do and who we are, proof (portfolio, process), the price,
   * what clients say, a last call to action, and the client logos.
   */
  home: [
    { remote: 'mf_marketing', module: 'Hero', tone: 'dark', reserve: { base: 870, md: 790, lg: 790 } },
    { remote: 'mf_marketing', module: 'ServicesOverview', reserve: { base: 1840, md: 1370, lg: 1050 } },
    { remote: 'mf_marketing', module: 'AboutSection', reserve: { base: 1150, md: 1170, lg: 710 } },
    {
      remote: 'mf_portfolio',
      module: 'PortfolioSection',
      props: { context: 'home' },
      reserve: { base: 2910, md: 1380, lg: 1110 },
    },
    { remote: 'mf_portfolio', module: 'ProcessSection', reserve: processReserve },
    { remote: 'mf_marketing', module: 'PricingSection', reserve: { base: 3000, md: 2700, lg: 1340 } },
    { remote: 'mf_marketing', module: 'TestimonialsSection', reserve: testimonialsReserve },
    { remote: 'mf_marketing', module: 'CallToActionBand', reserve: callToActionReserve },
    { remote: 'mf_marketing', module: 'ClientCarousel', reserve: { base: 520, md: 500 } },
  ],
  services: [
    {
      remote: 'mf_marketing',
      module: 'ServicesPage',
      tone: 'dark',
      reserve: { base: 3200, md: 2200, lg: 1700 },
    },
  ],
  /** The about page from mf-marketing, how we work from mf-portfolio, what clients say, a closing call. */
  about: [
    {
      remote: 'mf_marketing',
      module: 'AboutPage',
      tone: 'dark',
      reserve: { base: 3120, md: 2540, lg: 1830 },
    },
    { remote: 'mf_portfolio', module: 'ProcessSection', reserve: processReserve },
    { remote: 'mf_marketing', module: 'TestimonialsSection', reserve: testimonialsReserve },
    { remote: 'mf_marketing', module: 'CallToActionBand', reserve: callToActionReserve },
  ],
  portfolio: [
    {
      remote: 'mf_portfolio',
      module: 'PortfolioPage',
      tone: 'dark',
      reserve: { base: 4550, md: 2560, lg: 2020 },
    },
  ],
  categories: [
    {
      remote: 'mf_portfolio',
      module: 'CategoriesPage',
      tone: 'dark',
      reserve: { base: 4300, md: 2500, lg: 1540 },
    },
  ],
  /** mf-contact's page; its runtimeConfig comes from runtime.json (ContactRoute). */
  contact: [{ remote: 'mf_contact', module: 'ContactPage', tone: 'dark', reserve: { base: 2400, md: 1800 } }],
  privacy: [
    { remote: 'mf_marketing', module: 'PrivacyPolicyPage', tone: 'dark', reserve: { base: 2000, md: 1600 } },
  ],
  terms: [{ remote: 'mf_marketing', module: 'TermsPage', tone: 'dark', reserve: { base: 2000, md: 1600 } }],
} as const satisfies Record<RouteId, readonly SlotDeclaration[]>;
