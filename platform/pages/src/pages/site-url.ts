import { siteConfig } from 'shared-content/site';

/**
 * The canonical public URL of this environment: AGENCY_SITE_URL (e.g. https://staging.example.com for a
 * staging copy) or siteConfig.siteUrl. Canonical links, social cards, JSON-LD, the sitemap and robots.txt
 * all use it. It must be a bare origin: the shell reads the origin back from the canonical link.
 */
export function siteUrlFrom(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.AGENCY_SITE_URL?.trim() || siteConfig.siteUrl;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(
      `AGENCY_SITE_URL must be an absolute URL such as https://www.example.com, got "${configured}"`,
    );
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, '') !== '' || url.search || url.hash) {
    throw new Error(
      `AGENCY_SITE_URL must be an http(s) origin without a path, such as https://www.example.com, got "${configured}"`,
    );
  }
  return url.origin;
}
