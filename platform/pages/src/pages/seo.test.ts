import { siteUrlsSetting } from 'platform-kit/settings/site';
import { type RouteEntry, routes, siteConfig } from 'shared-content/site';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../pages.ts';
import { type HeadElement, jsonScript, renderElement } from './html.ts';
import { socialTags, structuredData } from './seo.ts';
import { siteUrlFrom } from './site-url.ts';
import type { PageContext } from './types.ts';

const shellIndex = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /></head><body></body></html>';
const page = (path: string | null, env: NodeJS.ProcessEnv = {}): PageContext => ({
  path,
  route:
    path === null
      ? null
      : ((Object.values(routes) as RouteEntry[]).find((r) => [r.path, ...r.aliases].includes(path)) ?? null),
  remoteMap: {},
  deploy: '/nowhere',
  settings: siteUrlsSetting(env),
});

/** Head elements as the page writes them. */
const markup = (elements: HeadElement[]) => elements.map(renderElement).join('');

/** The JSON-LD documents of a rendered page, parsed. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

describe('site URL', () => {
  it('is the configured one unless AGENCY_SITE_URL names another origin', () => {
    expect(siteUrlFrom(siteUrlsSetting({}))).toBe(siteConfig.siteUrl);
    expect(siteUrlFrom(siteUrlsSetting({ AGENCY_SITE_URL: 'https://staging.example.org/' }))).toBe(
      'https://staging.example.org',
    );
  });

  it.each([
    'staging.example.org',
    'ftp://example.org',
    'https://example.org/agency',
    'https://example.org/?a=1',
  ])('refuses %s with a message naming the variable', (value) => {
    expect(() => siteUrlFrom(siteUrlsSetting({ AGENCY_SITE_URL: value }))).toThrow(/AGENCY_SITE_URL must be/);
  });
});

describe('social tags head part', () => {
  it('writes canonical, Open Graph and Twitter tags of the route', () => {
    const html = markup(socialTags(page('/services')));
    const url = `${siteConfig.siteUrl}/services`;
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).toContain('<meta property="og:title" content="Services | Brightlane Digital" />');
    expect(html).toContain(`<meta property="og:image" content="${siteConfig.siteUrl}/og-image.png" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="twitter:site" content="@brightlane_dev" />');
  });

  it('points an alias at its canonical path and follows AGENCY_SITE_URL', () => {
    const env = { AGENCY_SITE_URL: 'https://staging.example.org' };
    expect(markup(socialTags(page('/Portfolio', env)))).toContain(
      '<link rel="canonical" href="https://staging.example.org/portfolio" />',
    );
    expect(markup(socialTags(page('/terms', env)))).toContain(
      '<meta property="og:url" content="https://staging.example.org/terms-conditions" />',
    );
    expect(markup(socialTags(page('/', env)))).toContain(
      '<link rel="canonical" href="https://staging.example.org/" />',
    );
  });

  it('gives the 404 page no canonical link and keeps it out of the index', () => {
    const html = markup(socialTags(page(null)));
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('og:');
    expect(html).toBe('<meta name="robots" content="noindex" />');
  });

  it('escapes quotes and angle brackets in attribute values', () => {
    // The contact description contains an apostrophe; nothing may end the attribute early.
    expect(markup(socialTags(page('/contact')))).toMatch(
      /<meta property="og:description" content="[^"]*We'll reply[^"]*" \/>/,
    );
  });
});

describe('structured data head part', () => {
  it('describes the agency on every page with its Indian address and contact points', () => {
    for (const path of ['/', '/about', '/contact', '/privacy-policy']) {
      const [agency] = jsonLdOf(markup(structuredData(page(path))));
      expect(agency).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'ProfessionalService',
        name: siteConfig.brandName,
        url: `${siteConfig.siteUrl}/`,
        email: siteConfig.email,
        telephone: siteConfig.phones.primary.tel,
        address: {
          '@type': 'PostalAddress',
          addressLocality: 'Noida',
          addressRegion: 'Uttar Pradesh',
          postalCode: '201309',
          addressCountry: 'IN',
        },
      });
      expect(agency?.contactPoint).toEqual([
        expect.objectContaining({
          '@type': 'ContactPoint',
          telephone: '+919876543210',
          contactType: 'customer service',
        }),
        expect.objectContaining({
          '@type': 'ContactPoint',
          telephone: '+919123456780',
          contactType: 'sales',
        }),
      ]);
      expect(agency?.sameAs).toContain(siteConfig.social.linkedin);
    }
  });

  it('lists the three plans as offers in rupees on the home page only', () => {
    const [home] = jsonLdOf(markup(structuredData(page('/'))));
    expect(home?.makesOffer).toEqual([
      expect.objectContaining({
        name: 'Starter plan',
        price: 15000,
        priceCurrency: 'INR',
        url: `${siteConfig.siteUrl}/contact?plan=starter`,
      }),
      expect.objectContaining({ name: 'Business plan', price: 35000, priceCurrency: 'INR' }),
      expect.objectContaining({ name: 'Premium plan', price: 75000, priceCurrency: 'INR' }),
    ]);
    expect(home?.priceRange).toBe('₹15,000 – ₹75,000');
    const [services] = jsonLdOf(markup(structuredData(page('/services'))));
    expect(services).not.toHaveProperty('makesOffer');
  });

  it('adds the FAQ as an FAQPage on /contact', () => {
    const documents = jsonLdOf(markup(structuredData(page('/contact'))));
    const faq = documents.find((document) => document['@type'] === 'FAQPage');
    const questions = faq?.mainEntity as Array<{ name: string; acceptedAnswer: { text: string } }>;
    expect(questions).toHaveLength(5);
    expect(questions[0]).toMatchObject({
      '@type': 'Question',
      name: 'How long does it take to build my website?',
      acceptedAnswer: { '@type': 'Answer', text: expect.stringMatching(/^A Starter website/) },
    });
    expect(jsonLdOf(markup(structuredData(page('/about')))).map((document) => document['@type'])).toEqual([
      'ProfessionalService',
    ]);
  });

  it('has none on the 404 page', () => {
    expect(markup(structuredData(page(null)))).toBe('');
  });

  it('keeps the data inside its script element whatever the text holds', () => {
    const script = renderElement(
      jsonScript('application/ld+json', { text: '</script><script>alert(1)</script>' }),
    );
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(script.slice(script.indexOf('>') + 1, -'</script>'.length))).toEqual({
      text: '</script><script>alert(1)</script>',
    });
  });

  it('renders into the page head with the default head parts', () => {
    const html = renderPage({ indexHtml: shellIndex, pageLoader: null }, page('/contact'));
    expect(html).toMatch(
      /<title>Contact Us \|[^<]+<\/title>.*<link rel="canonical".*application\/ld\+json.*<\/head>/s,
    );
  });
});
