/**
 * schema.org JSON-LD for search engines, built from the same shared-content data the pages show: the agency
 * (a ProfessionalService with its Indian address and contact points) on every page, its plans as offers in
 * rupees on the home page (where the pricing section is), and the FAQ as an FAQPage on /contact.
 */
import { faqItems } from 'shared-content/contact';
import { formatInr, planContactPath, pricingPlans } from 'shared-content/marketing';
import { absoluteUrl, ogImage, type RouteEntry, routes, siteConfig } from 'shared-content/site';

type JsonLd = Record<string, unknown>;

const context = 'https://schema.org';

function planOffers(siteUrl: string): JsonLd[] {
  return pricingPlans.map((plan) => ({
    '@type': 'Offer',
    name: `${plan.name} plan`,
    description: `${plan.summary} ${plan.features.join(', ')}.`,
    price: plan.price,
    priceCurrency: 'INR',
    url: absoluteUrl(siteUrl, planContactPath(plan.id)),
    itemOffered: { '@type': 'Service', name: `${plan.name} website (one-time price)` },
  }));
}

/** The agency; with its plans as offers when the page shows them. */
export function agencyJsonLd(siteUrl: string, withOffers: boolean): JsonLd {
  const { address, phones } = siteConfig;
  const prices = pricingPlans.map((plan) => plan.price);
  return {
    '@context': context,
    '@type': 'ProfessionalService',
    '@id': absoluteUrl(siteUrl, '/#organization'),
    name: siteConfig.brandName,
    legalName: siteConfig.legalName,
    description: siteConfig.description,
    slogan: siteConfig.tagline,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/favicon.svg'),
    image: absoluteUrl(siteUrl, ogImage.path),
    email: siteConfig.email,
    telephone: phones.primary.tel,
    foundingDate: String(siteConfig.foundedYear),
    priceRange: `${formatInr(Math.min(...prices))} – ${formatInr(Math.max(...prices))}`,
    currenciesAccepted: 'INR',
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.streetAddress,
      addressLocality: address.locality,
      addressRegion: address.region,
      postalCode: address.postalCode,
      addressCountry: address.countryCode,
    },
    areaServed: { '@type': 'Country', name: address.country },
    contactPoint: [
      {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: phones.primary.tel,
        email: siteConfig.email,
        url: absoluteUrl(siteUrl, routes.contact.path),
        areaServed: address.countryCode,
        availableLanguage: siteConfig.languages,
      },
      {
        '@type': 'ContactPoint',
        contactType: 'sales',
        telephone: phones.secondary.tel,
        areaServed: address.countryCode,
        availableLanguage: siteConfig.languages,
      },
    ],
    sameAs: Object.values(siteConfig.social),
    ...(withOffers ? { makesOffer: planOffers(siteUrl) } : {}),
  };
}

export function faqPageJsonLd(siteUrl: string): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    url: absoluteUrl(siteUrl, routes.contact.path),
    mainEntity: faqItems.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** The JSON-LD documents of a route (none on the 404 page). */
export function structuredDataFor(route: Pick<RouteEntry, 'path'> | null, siteUrl: string): JsonLd[] {
  if (!route) return [];
  // By path: the route may be the deployed shell's (its site.json), not this checkout's object.
  return [
    agencyJsonLd(siteUrl, route.path === routes.home.path),
    ...(route.path === routes.contact.path ? [faqPageJsonLd(siteUrl)] : []),
  ];
}
