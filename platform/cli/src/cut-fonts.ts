/**
 * Cuts the shell's small Inter faces (platform/pages/src/fonts.ts) from the committed Latin and latin-ext files.
 * Run after the site's copy starts using a character the core face lacks:  pnpm fonts
 * Then update the core face's unicode-range in shell/src/assets/fonts/inter.css (the unit test says to what).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cutFont, fontCuts, fontDir } from 'site-pages/fonts';

export async function cutFonts() {
  for (const cut of fontCuts) {
    const font = await cutFont(cut);
    writeFileSync(join(fontDir, cut.file), font);
    console.log(`Wrote ${cut.file} (${font.length} bytes, cut from ${cut.source})`);
  }
}
