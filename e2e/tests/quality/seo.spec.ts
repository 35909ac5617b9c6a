import { faqItems } from 'shared-content/contact';
import { pricingPlans } from 'shared-content/marketing';
import { ogImage, routes, siteConfig } from 'shared-content/site';
import { expect, test } from '../../fixtures.ts';
import {
  canonicalRoutes,
  expectedSiteUrl,
  jsonLdDocuments,
  metaContent,
  notFoundPath,
  settle,
} from '../../pages/quality.ts';

test.describe('', { tag: ['@shell'] }, () => {
  /** What a search engine and a link preview get from the server, before any script runs. Checked once. */
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, 'server responses do not depend on the width');

  const canonicalOf = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? null;

  for (const route of canonicalRoutes) {
    test(`${route.path} (and its aliases) name the page for search engines and link previews`, async ({
      request,
    }) => {
      const url = `${expectedSiteUrl}${route.path}`;
      for (const path of [route.path, ...route.aliases]) {
        const response = await request.get(path);
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html.match(/<title>([^<]*)<\/title>/g)).toHaveLength(1);
        expect(metaContent(html, 'name', 'description')).toBe(route.description);
        expect(canonicalOf(html), path).toBe(url);
        expect(metaContent(html, 'property', 'og:url')).toBe(url);
        expect(metaContent(html, 'property', 'og:title')).toBe(route.title);
        expect(metaContent(html, 'property', 'og:description')).toBe(route.description);
        expect(metaContent(html, 'property', 'og:type')).toBe('website');
        expect(metaContent(html, 'property', 'og:image')).toBe(`${expectedSiteUrl}${ogImage.path}`);
        expect(metaContent(html, 'property', 'og:image:alt')).toBe(ogImage.alt);
        expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
        expect(metaContent(html, 'name', 'twitter:title')).toBe(route.title);
        expect(metaContent(html, 'name', 'twitter:image')).toBe(`${expectedSiteUrl}${ogImage.path}`);

        const [agency, ...others] = jsonLdDocuments(html);
        expect(agency).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'ProfessionalService',
          name: siteConfig.brandName,
          url: `${expectedSiteUrl}/`,
          address: {
            '@type': 'PostalAddress',
            addressCountry: 'IN',
            addressLocality: siteConfig.address.locality,
          },
          contactPoint: expect.arrayContaining([
            expect.objectContaining({ '@type': 'ContactPoint', telephone: siteConfig.phones.primary.tel }),
          ]),
        });
        expect(others.map((document) => document['@type'])).toEqual(
          route === routes.contact ? ['FAQPage'] : [],
        );
      }
    });
  }

  test('the home page lists the plans as offers in rupees', async ({ request }) => {
    const [agency] = jsonLdDocuments(await (await request.get('/')).text());
    const offers = agency?.makesOffer as Array<Record<string, unknown>>;
    expect(offers.map(({ price, priceCurrency }) => ({ price, priceCurrency }))).toEqual(
      pricingPlans.map((plan) => ({ price: plan.price, priceCurrency: 'INR' })),
    );
  });

  test('/contact carries its FAQ as an FAQPage', async ({ request }) => {
    const documents = jsonLdDocuments(await (await request.get('/contact')).text());
    const faq = documents.find((document) => document['@type'] === 'FAQPage');
    expect(faq?.mainEntity).toEqual(
      faqItems.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    );
  });

  test('an unknown path is a 404 page that asks not to be indexed and claims no canonical URL', async ({
    request,
  }) => {
    const response = await request.get(notFoundPath);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(metaContent(html, 'name', 'robots')).toBe('noindex');
    expect(canonicalOf(html)).toBeNull();
    expect(jsonLdDocuments(html)).toEqual([]);
  });

  test('sitemap.xml lists every canonical route once and no alias; robots.txt points at it', async ({
    request,
  }) => {
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(sitemap.headers()['content-type']).toMatch(/^application\/xml/);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(canonicalRoutes.map((route) => `${expectedSiteUrl}${route.path}`));
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${expectedSiteUrl}/sitemap.xml`);
  });

  test('the social card is a 1200×630 PNG served by the site', async ({ request }) => {
    const response = await request.get(ogImage.path);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([ogImage.width, ogImage.height]);
  });

  test('client-side navigation keeps canonical and social tags in step with the route', async ({ page }) => {
    await page.goto('/');
    await settle(page);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveTitle(routes.portfolio.title);
    const head = page.locator('head');
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${expectedSiteUrl}${routes.portfolio.path}`,
    );
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute(
      'content',
      `${expectedSiteUrl}${routes.portfolio.path}`,
    );
    await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute(
      'content',
      routes.portfolio.title,
    );
    await expect(head.locator('meta[property="og:title"]')).toHaveCount(1);
  });
});
