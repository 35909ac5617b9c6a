import { glyphs } from '../glyphs.ts';
import { neutral } from '../palettes.ts';
import { canvas, clippedTo, contentTop, gutter, pick, type Scene } from '../scene.ts';
import { circle, group, rect, rounded, text, textLine } from '../svg.ts';
import { card, copyLines, picture } from './parts.ts';

const prices = ['₹4,50,000', '₹12,500', '₹850', '₹2,25,000', '₹18,000/mo', '₹6,999', '₹35,000'];
const categoryGlyphs = [glyphs.car, glyphs.house, glyphs.phone, glyphs.briefcase, glyphs.sofa, glyphs.tag];

/** A listings portal: search band, category shortcuts, then ad cards with prices and a featured tag. */
export function classifiedLayout(scene: Scene): string {
  const { palette, random, variant } = scene;
  const band = { x: 0, y: contentTop, width: canvas.width, height: 96 };
  const search = { x: gutter + 40, y: band.y + 50, width: canvas.width - gutter * 2 - 80, height: 32 };
  const bandParts = group(
    {},
    rect(band.x, band.y, band.width, band.height, palette.primary),
    clippedTo('band', band, 0, scene.motif(band, neutral.white, random)),
    textLine(canvas.width / 2 - 130, band.y + 20, 260, neutral.white, 12),
    rounded(search.x, search.y, search.width, search.height, 8, neutral.white),
    textLine(search.x + 14, search.y + 13, 60, neutral.ink, 6),
    rect(search.x + 96, search.y + 8, 1, 16, neutral.line),
    textLine(search.x + 110, search.y + 13, 150, neutral.faint, 6),
    rounded(search.x + search.width - 76, search.y + 4, 72, 24, 6, palette.accent),
    textLine(search.x + search.width - 60, search.y + 14, 40, neutral.ink, 4),
  );

  const shortcutsY = band.y + band.height + 34;
  const shortcutStep = (canvas.width - gutter * 2) / categoryGlyphs.length;
  const shortcuts = categoryGlyphs.map((glyph, index) => {
    const cx = gutter + shortcutStep * (index + 0.5);
    return group(
      {},
      circle(cx, shortcutsY, 19, palette.tint),
      glyph(cx, shortcutsY, 20, palette.primary, palette.accent),
      textLine(cx - 22, shortcutsY + 27, 44, neutral.faint, 5),
    );
  });

  const top = shortcutsY + 46;
  const columns = 2;
  const rows = 2;
  const gap = 12;
  const cardWidth = (canvas.width - gutter * 2 - gap) / columns;
  const cardHeight = (canvas.height - top - 12 - gap) / rows;
  const ads = Array.from({ length: columns * rows }, (_, index) => {
    const x = gutter + (index % columns) * (cardWidth + gap);
    const y = top + Math.floor(index / columns) * (cardHeight + gap);
    const featured = index === variant % 4;
    const thumb = cardHeight - 12;
    return group(
      {},
      card({ x, y, width: cardWidth, height: cardHeight }, 8),
      picture(
        scene,
        `ad-${index}`,
        { x: x + 6, y: y + 6, width: thumb * 1.2, height: thumb },
        {
          glyph:
            index === 0
              ? scene.glyph
              : (categoryGlyphs[(index + variant) % categoryGlyphs.length] ?? scene.glyph),
          scale: 0.7,
          motif: false,
          radius: 6,
        },
      ),
      text(x + thumb * 1.2 + 18, y + 20, pick(random, prices), { size: 11, weight: 800, fill: neutral.ink }),
      copyLines(x + thumb * 1.2 + 18, y + 28, [cardWidth * 0.42, cardWidth * 0.28], neutral.faint, 5, 5),
      featured
        ? group(
            {},
            rounded(x + cardWidth - 62, y + 9, 52, 14, 7, palette.accent),
            textLine(x + cardWidth - 52, y + 14, 32, neutral.ink, 4),
          )
        : '',
    );
  });
  return group({}, bandParts, ...shortcuts, ...ads);
}
