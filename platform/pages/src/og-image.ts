/**
 * The social-card image (Open Graph / Twitter, 1200×630 PNG): an SVG drawn from the brand, its tagline and the
 * design tokens, rendered to PNG by headless Chromium with the site's own Inter font. No external service.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from 'platform-kit/paths';
import { siteConfig } from 'shared-content/site';
// The raw tokens only: the theme entry augments emotion's types, which scripts do not depend on.
import { palette } from 'shared-content/tokens';
import { escapeHtml as escapeXml } from './pages/html.ts';

export const ogImageFile = join(repoRoot, 'shell', 'public', 'og-image.png');

/** The card as an SVG: gradient band, the favicon's mark, brand name, tagline and what the agency does. */
export function ogImageSvg(width: number, height: number): string {
  const services = 'Websites · Mobile Apps · UI/UX · E-commerce · SEO';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="band" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${palette.slate950}"/>
      <stop offset="0.55" stop-color="${palette.indigo900}"/>
      <stop offset="1" stop-color="${palette.indigo700}"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#band)"/>
  <circle cx="${width - 120}" cy="110" r="220" fill="${palette.indigo600}" opacity="0.25"/>
  <circle cx="${width - 40}" cy="${height - 30}" r="160" fill="${palette.amber400}" opacity="0.12"/>
  <g transform="translate(88 96) scale(3.2)">
    <rect width="36" height="36" rx="10" fill="${palette.indigo700}" stroke="${palette.indigo100}" stroke-opacity="0.35"/>
    <path d="M9 26 19 10h4L13 26z" fill="${palette.amber400}"/>
    <path d="M17 26 27 10h2v3l-8 13z" fill="${palette.white}"/>
  </g>
  <text x="88" y="330" font-family="Inter Variable" font-weight="800" font-size="84" fill="${palette.white}">${escapeXml(siteConfig.brandName)}</text>
  <text x="88" y="400" font-family="Inter Variable" font-weight="500" font-size="36" fill="${palette.indigo100}">${escapeXml(siteConfig.tagline)}</text>
  <text x="88" y="520" font-family="Inter Variable" font-weight="700" font-size="30" fill="${palette.amber300}">${escapeXml(services)}</text>
  <text x="88" y="570" font-family="Inter Variable" font-weight="500" font-size="26" fill="${palette.slate300}">${escapeXml(`${siteConfig.address.note} · ${new URL(siteConfig.siteUrl).host}`)}</text>
</svg>`;
}

/** An HTML page showing the SVG edge to edge, with Inter loaded from the repo. */
export function ogImageHtml(width: number, height: number): string {
  const font = readFileSync(join(repoRoot, 'shell/src/assets/fonts/inter-latin-wght-normal.woff2'));
  return `<!doctype html><html><head><style>
@font-face { font-family: "Inter Variable"; font-weight: 100 900; src: url(data:font/woff2;base64,${font.toString('base64')}) format("woff2-variations"); }
html, body { margin: 0; width: ${width}px; height: ${height}px; overflow: hidden; }
</style></head><body>${ogImageSvg(width, height)}</body></html>`;
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('Not a PNG file');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
