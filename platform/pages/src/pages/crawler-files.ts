/**
 * sitemap.xml and robots.txt, generated from the deployed shell's route table (its site.json) for this
 * environment's site URL. They are
 * written next to the shell by every start (beside remotes.json and runtime.json) and served as files.
 * Only canonical paths are listed: an alias (/terms, /Portfolio) names the same page as its canonical path.
 */

import { join } from 'node:path';
import { shell } from 'build-config/topology';
import { writeFileAtomic } from 'deploy-folder/remote-map-file';
import { deployedSite } from 'deploy-folder/site-description';
import { describeSite, type SiteDescription } from 'federation/site-description';
import type { SiteSettings } from 'platform-kit/settings/site';
import { absoluteUrl } from 'shared-content/site';
import { escapeHtml } from './html.ts';
import { siteUrlFrom } from './site-url.ts';

export function canonicalUrls(siteUrl: string, site: SiteDescription = describeSite()): string[] {
  return site.routes.map((route) => absoluteUrl(siteUrl, route.path));
}

export function sitemapXml(siteUrl: string, site: SiteDescription = describeSite()): string {
  const entries = canonicalUrls(siteUrl, site)
    .map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}\n`;
}

/** Writes both files into deploy/shell/ for this environment; returns their names. */
export function writeCrawlerFiles(deploy: string, settings: Pick<SiteSettings, 'siteUrl'>): string[] {
  const siteUrl = siteUrlFrom(settings);
  const folder = join(deploy, shell.folder);
  writeFileAtomic(join(folder, 'sitemap.xml'), sitemapXml(siteUrl, deployedSite(deploy)));
  writeFileAtomic(join(folder, 'robots.txt'), robotsTxt(siteUrl));
  return ['sitemap.xml', 'robots.txt'];
}
