import { siteConfig } from './config.ts';
import { notFoundRoute, type RouteEntry } from './routes.ts';

/**
 * What a search engine and a link preview read about a page: title, description, canonical URL, Open Graph
 * and Twitter card tags. One function serves both the server (the generated per-route HTML) and the shell
 * (which keeps the tags in step on client-side navigation), so the two can never disagree.
 */

/** The social-card image, generated into the shell's public folder (platform/cli/src/generate-og-image.ts). */
export const ogImage = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: `${siteConfig.brandName}: ${siteConfig.tagline}`,
} as const;

/** A <meta> tag: Open Graph uses property=, everything else name=. */
export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

export interface PageSeo {
  title: string;
  description: string;
  /** Absolute canonical URL; null for the 404 page, which must not claim one. */
  canonicalUrl: string | null;
  meta: MetaTag[];
}

/** Every meta key pageSeo may write, so a client-side update can remove the ones a page no longer has. */
export const managedMetaKeys: ReadonlyArray<Pick<MetaTag, 'attribute' | 'key'>> = [
  { attribute: 'name', key: 'robots' },
  ...[
    'og:type',
    'og:site_name',
    'og:locale',
    'og:title',
    'og:description',
    'og:url',
    'og:image',
    'og:image:type',
    'og:image:width',
    'og:image:height',
    'og:image:alt',
  ].map((key) => ({ attribute: 'property' as const, key })),
  ...[
    'twitter:card',
    'twitter:site',
    'twitter:title',
    'twitter:description',
    'twitter:image',
    'twitter:image:alt',
  ].map((key) => ({ attribute: 'name' as const, key })),
];

/** "https://twitter.com/brightlane_dev" → "@brightlane_dev". */
export function twitterHandle(profileUrl: string): string {
  const name = new URL(profileUrl).pathname.split('/').filter(Boolean)[0];
  return name ? `@${name}` : '';
}

/** The site URL without a trailing slash joined with a route path: "/" → "https://site.example/". */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

/** The head tags of a route (its canonical path, whatever alias was requested), or of the 404 page. */
export function pageSeo(route: RouteEntry | null, siteUrl: string): PageSeo {
  if (!route) {
    const { title, description } = notFoundRoute;
    return {
      title,
      description,
      canonicalUrl: null,
      meta: [{ attribute: 'name', key: 'robots', content: 'noindex' }],
    };
  }
  const { title, description } = route;
  const canonicalUrl = absoluteUrl(siteUrl, route.path);
  const image = absoluteUrl(siteUrl, ogImage.path);
  const og = (key: string, content: string): MetaTag => ({ attribute: 'property', key, content });
  const twitter = (key: string, content: string): MetaTag => ({ attribute: 'name', key, content });
  return {
    title,
    description,
    canonicalUrl,
    meta: [
      og('og:type', 'website'),
      og('og:site_name', siteConfig.brandName),
      og('og:locale', 'en_IN'),
      og('og:title', title),
      og('og:description', description),
      og('og:url', canonicalUrl),
      og('og:image', image),
      og('og:image:type', ogImage.type),
      og('og:image:width', String(ogImage.width)),
      og('og:image:height', String(ogImage.height)),
      og('og:image:alt', ogImage.alt),
      twitter('twitter:card', 'summary_large_image'),
      twitter('twitter:site', twitterHandle(siteConfig.social.twitter)),
      twitter('twitter:title', title),
      twitter('twitter:description', description),
      twitter('twitter:image', image),
      twitter('twitter:image:alt', ogImage.alt),
    ],
  };
}
