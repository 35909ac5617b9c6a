import { neutral } from '../palettes.ts';
import { canvas, clippedTo, contentTop, gutter, pick, type Scene } from '../scene.ts';
import { circle, group, rounded, text, textLine } from '../svg.ts';
import { button, card, copyLines, picture, stars } from './parts.ts';

const prices = ['₹499', '₹899', '₹1,299', '₹1,850', '₹2,450', '₹3,999', '₹649', '₹5,200'];

/** An online store: promotional banner, then a row of product cards with prices. */
export function ecommerceLayout(scene: Scene): string {
  const { palette, random, variant } = scene;
  const mirrored = variant % 2 === 1;
  const banner = { x: gutter, y: contentTop + 14, width: canvas.width - gutter * 2, height: 132 };
  const textX = mirrored ? banner.x + banner.width - 250 : banner.x + 28;
  const glyphX = mirrored ? banner.x + 110 : banner.x + banner.width - 110;
  const bannerParts = group(
    {},
    rounded(banner.x, banner.y, banner.width, banner.height, 14, palette.primary),
    clippedTo(
      'banner',
      banner,
      14,
      // Motifs sit on the right; a mirrored banner mirrors its motif too, so it stays clear of the copy.
      group(
        mirrored ? { transform: `translate(${banner.x * 2 + banner.width} 0) scale(-1 1)` } : {},
        scene.motif(banner, neutral.white, random),
      ),
    ),
    textLine(textX, banner.y + 26, 70, palette.accent, 6),
    copyLines(textX, banner.y + 44, [210, 160], neutral.white, 13, 9),
    textLine(textX, banner.y + 90, 180, 'rgba(255,255,255,0.6)', 5),
    button(textX, banner.y + 104, 92, 20, palette.accent, palette.primaryDark),
    circle(glyphX, banner.y + banner.height / 2, 50, 'rgba(255,255,255,0.16)'),
    scene.glyph(glyphX, banner.y + banner.height / 2, 62, palette.accent, palette.primaryDark),
  );

  const columns = variant >= 2 ? 5 : 4;
  const gap = 14;
  const top = banner.y + banner.height + 22;
  const cardWidth = (canvas.width - gutter * 2 - gap * (columns - 1)) / columns;
  const cardHeight = canvas.height - top - 30;
  const products = Array.from({ length: columns }, (_, index) => {
    const x = gutter + index * (cardWidth + gap);
    const y = top + 20;
    return group(
      {},
      card({ x, y, width: cardWidth, height: cardHeight }),
      picture(
        scene,
        `product-${index}`,
        { x: x + 6, y: y + 6, width: cardWidth - 12, height: cardHeight * 0.5 },
        {
          scale: 0.62,
          motif: index % 2 === 0,
        },
      ),
      textLine(x + 10, y + cardHeight * 0.5 + 16, cardWidth * 0.62, neutral.faint, 5),
      text(x + 10, y + cardHeight * 0.5 + 38, pick(random, prices), {
        size: 11,
        weight: 700,
        fill: palette.primary,
      }),
      // Narrow cards have no room for a rating beside the price.
      columns === 4
        ? stars(x + cardWidth - 42, y + cardHeight * 0.5 + 34, 3 + Math.round(random() * 2), palette.accent)
        : '',
    );
  });

  return group(
    {},
    bannerParts,
    text(gutter, top + 8, 'New arrivals', { size: 12, weight: 700, fill: neutral.ink }),
    textLine(canvas.width - gutter - 44, top + 2, 44, palette.primary, 5),
    ...products,
  );
}
