import { readFileSync } from 'node:fs';
import { ogImage, siteConfig } from 'shared-content/site';
import { describe, expect, it } from 'vitest';
import { ogImageFile, ogImageSvg, pngSize } from './og-image.ts';

describe('social-card image', () => {
  it('is a committed PNG of the size the Open Graph tags announce', () => {
    expect(pngSize(readFileSync(ogImageFile))).toEqual({ width: ogImage.width, height: ogImage.height });
    expect([ogImage.width, ogImage.height]).toEqual([1200, 630]);
  });

  it('is drawn from the brand and its tagline', () => {
    const svg = ogImageSvg(1200, 630);
    expect(svg).toContain(`>${siteConfig.brandName}</text>`);
    expect(svg).toContain(`>${siteConfig.tagline}</text>`);
  });
});
