/**
 * Head parts for search engines and link previews (appended to headParts in ../pages.ts): the canonical link,
 * Open Graph and Twitter card tags, and the JSON-LD documents of the route. The title and description are
 * the titleAndDescription part's; the tags come from pageSeo, which the shell also uses on navigation.
 */
import { pageSeo } from 'shared-content/site';
import type { HeadPart } from '../pages.ts';
import { siteUrlFrom } from './site-url.ts';
import { structuredDataFor } from './structured-data.ts';

export const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** canonical link (not on the 404 page), robots noindex on the 404 page, Open Graph and Twitter tags. */
export const socialTags: HeadPart = ({ route, env }) => {
  const seo = pageSeo(route, siteUrlFrom(env));
  const canonical = seo.canonicalUrl
    ? `<link rel="canonical" href="${escapeAttribute(seo.canonicalUrl)}" />`
    : '';
  const meta = seo.meta
    .map((tag) => `<meta ${tag.attribute}="${tag.key}" content="${escapeAttribute(tag.content)}" />`)
    .join('');
  return canonical + meta;
};

/**
 * JSON data in a <script> must not contain "</script" or "<!--": escaping every "<" keeps it data. A script
 * of type application/ld+json is never executed, so the Content-Security-Policy does not apply to it.
 */
export function jsonLdScript(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

export const structuredData: HeadPart = ({ route, env }) =>
  structuredDataFor(route, siteUrlFrom(env)).map(jsonLdScript).join('');
