import { pageSeo, routes, siteConfig } from 'shared-content/site';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyPageSeo, siteUrlFromDocument } from './head-tags.ts';

const meta = (selector: string) =>
  document.head.querySelector<HTMLMetaElement>(`meta[${selector}]`)?.content ?? null;
const canonical = () => document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null;

beforeEach(() => {
  document.head.innerHTML = '';
});

describe('head tags on client-side navigation', () => {
  it('takes the environment’s site URL from the server’s canonical link, else the configured one', () => {
    expect(siteUrlFromDocument()).toBe(siteConfig.siteUrl);
    document.head.innerHTML = '<link rel="canonical" href="https://staging.example.org/services" />';
    expect(siteUrlFromDocument()).toBe('https://staging.example.org');
  });

  it('writes title, description, canonical and the social tags of the route', () => {
    applyPageSeo(pageSeo(routes.portfolio, 'https://staging.example.org'));
    expect(document.title).toBe(routes.portfolio.title);
    expect(meta('name="description"')).toBe(routes.portfolio.description);
    expect(canonical()).toBe('https://staging.example.org/portfolio');
    expect(meta('property="og:url"')).toBe('https://staging.example.org/portfolio');
    expect(meta('property="og:title"')).toBe(routes.portfolio.title);
    expect(meta('name="twitter:card"')).toBe('summary_large_image');
    expect(meta('name="twitter:image"')).toBe('https://staging.example.org/og-image.png');
  });

  it('updates the same tags in place, and the 404 page drops the canonical link and social tags', () => {
    applyPageSeo(pageSeo(routes.home, 'https://a.example'));
    applyPageSeo(pageSeo(routes.contact, 'https://a.example'));
    expect(document.head.querySelectorAll('meta[property="og:title"]')).toHaveLength(1);
    expect(meta('property="og:title"')).toBe(routes.contact.title);
    applyPageSeo(pageSeo(null, 'https://a.example'));
    expect(canonical()).toBeNull();
    expect(meta('property="og:title"')).toBeNull();
    expect(meta('name="robots"')).toBe('noindex');
    applyPageSeo(pageSeo(routes.about, 'https://a.example'));
    expect(meta('name="robots"')).toBeNull();
    expect(canonical()).toBe('https://a.example/about');
  });
});
