import { siteConfig } from './config.ts';

/**
 * The route table (spec section 2). The shell renders it, the production server answers 404 for
 * anything outside it, and the sitemap is generated from it.
 */
export interface RouteEntry {
  path: string;
  /** Other paths that show the same page (the canonical link points at `path`). */
  aliases: readonly string[];
  title: string;
  description: string;
}

const brand = siteConfig.brandName;

export const routes = {
  home: {
    path: '/',
    aliases: [],
    title: `${brand} | Web Development & Digital Solutions Agency in India`,
    description:
      'Premium websites, mobile apps, e-commerce and SEO for Indian businesses and startups. One-time prices from ₹15,000 and a reply within 24 hours.',
  },
  services: {
    path: '/services',
    aliases: [],
    title: `Services | ${brand}`,
    description:
      'Web development, mobile apps, UI/UX design, e-commerce solutions and SEO & digital marketing from a remote team across India.',
  },
  about: {
    path: '/about',
    aliases: [],
    title: `About Us | ${brand}`,
    description:
      'Tailored solutions for businesses of all sizes, a passionate team, a proven track record and 24/7 client support.',
  },
  portfolio: {
    path: '/portfolio',
    aliases: ['/Portfolio'],
    title: `Portfolio | ${brand}`,
    description:
      'E-commerce stores, WordPress sites, real-estate, classified, consulting, business and matrimonial projects we have built, and how we work.',
  },
  categories: {
    path: '/categories',
    aliases: [],
    title: `Project Categories | ${brand}`,
    description:
      'Browse our portfolio by category, from e-commerce and WordPress to real estate and matrimonial sites.',
  },
  contact: {
    path: '/contact',
    aliases: [],
    title: `Contact Us | ${brand}`,
    description:
      "Tell us about your project: send your query, call or chat on WhatsApp. We'll reply within 24 hours.",
  },
  privacy: {
    path: '/privacy-policy',
    aliases: [],
    title: `Privacy Policy | ${brand}`,
    description: `How ${brand} collects, uses and protects the information you share with us.`,
  },
  terms: {
    path: '/terms-conditions',
    aliases: ['/terms'],
    title: `Terms and Conditions | ${brand}`,
    description: `The terms that apply when you use the ${brand} website and services.`,
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
