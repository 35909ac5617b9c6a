import { canonicalOrigin, type SiteSettings } from 'platform-kit/settings/site';
import { siteConfig } from 'shared-content/site';

/**
 * The canonical public URL of this environment: AGENCY_SITE_URL (e.g. https://staging.example.com for a
 * staging copy) or siteConfig.siteUrl. Canonical links, social cards, JSON-LD, the sitemap and robots.txt
 * all use it. It must be a bare origin: the shell reads the origin back from the canonical link.
 */
export function siteUrlFrom(settings: Pick<SiteSettings, 'siteUrl'>): string {
  return canonicalOrigin(settings.siteUrl, siteConfig.siteUrl);
}
