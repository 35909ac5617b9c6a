import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteUrlsSetting } from 'platform-kit/settings/site';
import { allRoutePaths, routes, siteConfig } from 'shared-content/site';
import { afterEach, describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml, writeCrawlerFiles } from './crawler-files.ts';

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
let deploy: string | undefined;
afterEach(() => deploy && rmSync(deploy, { recursive: true, force: true }));

describe('sitemap.xml and robots.txt', () => {
  it('lists every canonical route once and no alias', () => {
    const xml = sitemapXml('https://site.example');
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(locs(xml)).toEqual(Object.values(routes).map((route) => `https://site.example${route.path}`));
    expect(locs(xml)).toContain('https://site.example/');
    expect(locs(xml)).not.toContain('https://site.example/terms');
    expect(locs(xml)).not.toContain('https://site.example/Portfolio');
    // Every path the server answers is either listed or an alias of a listed one.
    expect(allRoutePaths().length).toBeGreaterThan(locs(xml).length);
  });

  it('robots.txt allows everything and names the sitemap', () => {
    expect(robotsTxt('https://site.example')).toBe(
      'User-agent: *\nAllow: /\n\nSitemap: https://site.example/sitemap.xml\n',
    );
  });

  it('writes both next to the shell for the environment’s site URL', () => {
    deploy = mkdtempSync(join(tmpdir(), 'crawler-files-'));
    mkdirSync(join(deploy, 'shell'));
    writeCrawlerFiles(deploy, siteUrlsSetting({}));
    expect(readFileSync(join(deploy, 'shell', 'robots.txt'), 'utf8')).toContain(
      `Sitemap: ${siteConfig.siteUrl}/sitemap.xml`,
    );
    writeCrawlerFiles(deploy, siteUrlsSetting({ AGENCY_SITE_URL: 'https://staging.example.org' }));
    expect(locs(readFileSync(join(deploy, 'shell', 'sitemap.xml'), 'utf8'))[0]).toBe(
      'https://staging.example.org/',
    );
  });
});
