/**
 * Renders the social-card image (shell/public/og-image.png, 1200×630) from platform/pages/src/og-image.ts with
 * headless Chromium. Run after changing the brand, tagline or palette:  pnpm og-image
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from 'platform-kit/chromium';
import { run } from 'platform-kit/run';
import { loadToolSettings } from 'platform-kit/settings/tools';
import { ogImage } from 'shared-content/site';
import { ogImageFile, ogImageHtml, pngSize } from 'site-pages/og-image';

export function generateOgImage() {
  const chromium = ensureChromium(loadToolSettings(process.env), process.env);
  if (!chromium) return process.exit(1);
  const work = mkdtempSync(join(tmpdir(), 'og-image-'));
  try {
    const page = join(work, 'card.html');
    writeFileSync(page, ogImageHtml(ogImage.width, ogImage.height));
    const ok = run(
      chromium,
      [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--force-device-scale-factor=1',
        `--user-data-dir=${join(work, 'profile')}`,
        `--window-size=${ogImage.width},${ogImage.height}`,
        '--virtual-time-budget=2000',
        `--screenshot=${ogImageFile}`,
        `file://${page}`,
      ],
      process.env,
    );
    const size = ok ? pngSize(readFileSync(ogImageFile)) : null;
    if (!size || size.width !== ogImage.width || size.height !== ogImage.height) {
      console.error(`Chromium did not write a ${ogImage.width}×${ogImage.height} PNG to ${ogImageFile}`);
      process.exitCode = 1;
    } else {
      console.log(`Wrote ${ogImageFile} (${size.width}×${size.height})`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
