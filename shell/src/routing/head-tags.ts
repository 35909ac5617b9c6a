import { type MetaTag, managedMetaKeys, type PageSeo, siteConfig } from 'shared-content/site';

/**
 * The site URL of this environment. The server writes it into each route's canonical link (AGENCY_SITE_URL
 * or siteConfig.siteUrl), so the shell reads it from there once, before any navigation replaces the link.
 * A visit that starts on the 404 page (no canonical link) falls back to the configured URL.
 */
export function siteUrlFromDocument(doc: Document = document): string {
  const canonical = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  // The site URL is an origin (the server refuses one with a path), so the canonical link's origin is it.
  return canonical ? new URL(canonical).origin : siteConfig.siteUrl;
}

function metaSelector({ attribute, key }: Pick<MetaTag, 'attribute' | 'key'>) {
  return `meta[${attribute}="${key}"]`;
}

function setMeta(doc: Document, tag: MetaTag) {
  let element = doc.head.querySelector<HTMLMetaElement>(metaSelector(tag));
  if (!element) {
    element = doc.createElement('meta');
    element.setAttribute(tag.attribute, tag.key);
    doc.head.append(element);
  }
  element.content = tag.content;
}

function setCanonical(doc: Document, url: string | null) {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!url) {
    link?.remove();
    return;
  }
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.append(link);
  }
  link.href = url;
}

/** Brings the document's head in line with a page: title, description, canonical link, OG/Twitter tags. */
export function applyPageSeo(seo: PageSeo, doc: Document = document) {
  doc.title = seo.title;
  setMeta(doc, { attribute: 'name', key: 'description', content: seo.description });
  setCanonical(doc, seo.canonicalUrl);
  const wanted = new Set(seo.meta.map(metaSelector));
  for (const managed of managedMetaKeys) {
    if (!wanted.has(metaSelector(managed))) doc.head.querySelector(metaSelector(managed))?.remove();
  }
  for (const tag of seo.meta) setMeta(doc, tag);
}
