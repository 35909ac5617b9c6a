/**
 * Head parts for search engines and link previews (appended to headParts in ../pages.ts): the canonical link,
 * Open Graph and Twitter card tags, and the JSON-LD documents of the route. The title and description are
 * the titleAndDescription part's; the tags come from pageSeo, which the shell also uses on navigation.
 */
import { pageSeo } from 'shared-content/site';
import { type HeadElement, jsonScript } from './html.ts';
import { siteUrlFrom } from './site-url.ts';
import { structuredDataFor } from './structured-data.ts';
import type { HeadPart } from './types.ts';

/** canonical link (not on the 404 page), robots noindex on the 404 page, Open Graph and Twitter tags. */
export const socialTags: HeadPart = ({ route, settings }) => {
  const seo = pageSeo(route, siteUrlFrom(settings));
  const canonical: HeadElement[] = seo.canonicalUrl
    ? [{ tag: 'link', attributes: { rel: 'canonical', href: seo.canonicalUrl } }]
    : [];
  const meta = seo.meta.map(
    (tag): HeadElement => ({ tag: 'meta', attributes: { [tag.attribute]: tag.key, content: tag.content } }),
  );
  return [...canonical, ...meta];
};

/** The route's schema.org documents, each a JSON-LD data block (never executed, so the CSP does not apply). */
export const structuredData: HeadPart = ({ route, settings }) =>
  structuredDataFor(route, siteUrlFrom(settings)).map((document) =>
    jsonScript('application/ld+json', document),
  );
