import { siteConfig } from './config.ts';
import { pagePaths } from './page-paths.ts';
import type { RouteSlotEntry } from './slot-shape.ts';

/**
 * The route table (spec section 2), each route declared once: its path and aliases, its title and
 * description, and the remote sections it shows in order, with the space each reserves, the props each gets
 * and whether it needs its code to act (`needsCode`: a form, a filter, a toggle; every other section is
 * static: its HTML is kept and its remote's code is never fetched on a page load, its links navigate through
 * the shell) and, if so, when that code loads (`codeLoads`: on screen, or only when reached for or idle). The shell renders its routes from it, the page generator writes and preloads each page from it,
 * the production server answers 404 for anything outside it, the sitemap lists it, and the e2e suite reads
 * it. The federation package (federation/route-slots) typechecks every slot against its remote's declared
 * exposes.
 */
export interface RouteEntry {
  path: string;
  /** Other paths that show the same page (the canonical link points at `path`). */
  aliases: readonly string[];
  title: string;
  description: string;
  /** The page's remote sections, top to bottom. */
  slots: readonly RouteSlotEntry[];
}

const brand = siteConfig.brandName;

/** Reserves of sections that appear on more than one page. */
const processReserve = { base: 1340, md: 890, lg: 620 };
const testimonialsReserve = { base: 2460, md: 1860, lg: 1200 };
const callToActionReserve = { base: 450, md: 440 };

export const routes = {
  home: {
    path: pagePaths.home,
    aliases: [],
    title: `${brand} | Web Development & Digital Solutions Agency in India`,
    description:
      'Premium websites, mobile apps, e-commerce and SEO for Indian businesses and startups. One-time prices from ₹15,000 and a reply within 24 hours.',
    /**
     * In the order a visitor decides: what we do and who we are, proof (portfolio, process), the price, what
     * clients say, a last call to action, and the client logos.
     */
    slots: [
      { remote: 'mf_marketing', module: 'Hero', tone: 'dark', reserve: { base: 870, md: 790, lg: 790 } },
      { remote: 'mf_marketing', module: 'ServicesOverview', reserve: { base: 1840, md: 1370, lg: 1050 } },
      { remote: 'mf_marketing', module: 'AboutSection', reserve: { base: 1150, md: 1170, lg: 710 } },
      {
        remote: 'mf_portfolio',
        module: 'PortfolioSection',
        props: { context: 'home' },
        reserve: { base: 2910, md: 1380, lg: 1110 },
        // The category filter.
        needsCode: true,
      },
      { remote: 'mf_portfolio', module: 'ProcessSection', reserve: processReserve },
      { remote: 'mf_marketing', module: 'PricingSection', reserve: { base: 3000, md: 2700, lg: 1340 } },
      { remote: 'mf_marketing', module: 'TestimonialsSection', reserve: testimonialsReserve },
      { remote: 'mf_marketing', module: 'CallToActionBand', reserve: callToActionReserve },
      // Its pause button.
      { remote: 'mf_marketing', module: 'ClientCarousel', reserve: { base: 520, md: 500 }, needsCode: true },
    ],
  },
  services: {
    path: pagePaths.services,
    aliases: [],
    title: `Services | ${brand}`,
    description:
      'Web development, mobile apps, UI/UX design, e-commerce solutions and SEO & digital marketing from a remote team across India.',
    slots: [
      {
        remote: 'mf_marketing',
        module: 'ServicesPage',
        tone: 'dark',
        reserve: { base: 3200, md: 2200, lg: 1700 },
      },
    ],
  },
  about: {
    path: pagePaths.about,
    aliases: [],
    title: `About Us | ${brand}`,
    description:
      'Tailored solutions for businesses of all sizes, a passionate team, a proven track record and 24/7 client support.',
    /** The about page from mf-marketing, how we work from mf-portfolio, what clients say, a closing call. */
    slots: [
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
  },
  portfolio: {
    path: pagePaths.portfolio,
    aliases: ['/Portfolio'],
    title: `Portfolio | ${brand}`,
    description:
      'E-commerce stores, WordPress sites, real-estate, classified, consulting, business and matrimonial projects we have built, and how we work.',
    slots: [
      {
        remote: 'mf_portfolio',
        module: 'PortfolioPage',
        tone: 'dark',
        reserve: { base: 4550, md: 2560, lg: 2020 },
        // The category filter and View More Projects.
        needsCode: true,
        // A visitor reads the projects before tapping a chip, so the code comes when a chip is reached for (a
        // tap before then is held and performed) or at idle: the federation runtime costs nothing before idle.
        codeLoads: 'when-reached',
      },
    ],
  },
  categories: {
    path: pagePaths.categories,
    aliases: [],
    title: `Project Categories | ${brand}`,
    description:
      'Browse our portfolio by category, from e-commerce and WordPress to real estate and matrimonial sites.',
    slots: [
      {
        remote: 'mf_portfolio',
        module: 'CategoriesPage',
        tone: 'dark',
        reserve: { base: 4300, md: 2500, lg: 1540 },
      },
    ],
  },
  contact: {
    path: pagePaths.contact,
    aliases: [],
    title: `Contact Us | ${brand}`,
    description:
      "Tell us about your project: send your query, call or chat on WhatsApp. We'll reply within 24 hours.",
    /** mf-contact's page, given this environment's API URL and EmailJS settings. */
    slots: [
      {
        remote: 'mf_contact',
        module: 'ContactPage',
        tone: 'dark',
        reserve: { base: 2400, md: 1800 },
        runtimeConfigProp: 'runtimeConfig',
        // The enquiry and Get In Touch forms and the FAQ's questions.
        needsCode: true,
        // A visitor reads before typing or tapping, so the code comes when a field or a question is reached
        // for (typing stays in its field and the form adopts it; a tap or a submit before then is held and
        // performed) or at idle: the federation runtime costs nothing before idle.
        codeLoads: 'when-reached',
      },
    ],
  },
  privacy: {
    path: pagePaths.privacy,
    aliases: [],
    title: `Privacy Policy | ${brand}`,
    description: `How ${brand} collects, uses and protects the information you share with us.`,
    slots: [
      {
        remote: 'mf_marketing',
        module: 'PrivacyPolicyPage',
        tone: 'dark',
        reserve: { base: 2000, md: 1600 },
      },
    ],
  },
  terms: {
    path: pagePaths.terms,
    aliases: ['/terms'],
    title: `Terms and Conditions | ${brand}`,
    description: `The terms that apply when you use the ${brand} website and services.`,
    slots: [{ remote: 'mf_marketing', module: 'TermsPage', tone: 'dark', reserve: { base: 2000, md: 1600 } }],
  },
} as const satisfies Record<string, RouteEntry>;

export type RouteId = keyof typeof routes;

export const notFoundRoute = {
  title: `Page Not Found | ${brand}`,
  description: 'The page you are looking for does not exist or has moved.',
} as const;

/** Every path the site answers with a page, canonical paths and aliases alike. */
export function allRoutePaths(): string[] {
  return Object.values(routes).flatMap((route) => [route.path, ...route.aliases]);
}

/**
 * The route key of a path outside the route table: the 404 page's, which such a path shows. The page's Web
 * Vitals report names its route so (canonicalRoutePath), and the enquiry API keeps odd paths under the same key
 * (enquiry/vitals-contract.ts's otherPathRouteKey; a test holds the two equal). Declared here, not imported, so
 * that site/ imports nothing of enquiry/ (enquiry/ reads site/'s config).
 */
export const notFoundRouteKey = '/404';

/** Each route's path and aliases to its path. */
const canonicalPaths: ReadonlyMap<string, string> = new Map(
  Object.values(routes).flatMap((route) => [route.path, ...route.aliases].map((path) => [path, route.path])),
);

/**
 * The route a path shows, named by the route's path: the query and fragment dropped, a trailing slash ignored,
 * an alias as its route's path, any other path as the 404 page (notFoundRouteKey). Case is kept, as the shell's
 * routes are case-sensitive (shell/src/routing/AppRoutes.tsx).
 */
export function canonicalRoutePath(path: string): string {
  const bare = path.replace(/[?#].*$/s, '');
  const trimmed = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  return canonicalPaths.get(trimmed || '/') ?? notFoundRouteKey;
}
