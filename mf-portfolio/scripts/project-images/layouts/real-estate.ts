import { glyphs } from '../glyphs.ts';
import { neutral } from '../palettes.ts';
import { canvas, clippedTo, contentTop, gutter, pick, type Scene } from '../scene.ts';
import { group, path, rect, rounded, text, textLine } from '../svg.ts';
import { card, copyLines, picture } from './parts.ts';

const prices = ['₹85 L', '₹1.2 Cr', '₹62 L', '₹28,000/mo', '₹2.4 Cr', '₹45,000/mo', '₹74 L'];

function mapPanel(scene: Scene, x: number, y: number, width: number, height: number): string {
  const { palette, random } = scene;
  const roads = [0.3, 0.62].flatMap((share) => [
    rect(x, y + height * share, width, 7, neutral.white),
    rect(x + width * share, y, 7, height, neutral.white),
  ]);
  const pins = Array.from({ length: 5 }, () => {
    const px = x + 20 + random() * (width - 40);
    const py = y + 24 + random() * (height - 40);
    return path(
      `M${px} ${py + 12} C${px - 9} ${py + 2} ${px - 8} ${py - 9} ${px} ${py - 9} C${px + 8} ${py - 9} ${px + 9} ${py + 2} ${px} ${py + 12} Z`,
      palette.primary,
      {
        stroke: neutral.white,
        'stroke-width': 1.5,
      },
    );
  });
  return group(
    {},
    rounded(x, y, width, height, 10, '#eef1e6'),
    clippedTo(
      'map',
      { x, y, width, height },
      10,
      group(
        {},
        rect(x + width * 0.66, y, width * 0.34, height * 0.28, '#cfe6f2'),
        rounded(x + 14, y + height * 0.7, width * 0.22, height * 0.22, 8, '#d7ebc9'),
        ...roads,
      ),
    ),
    ...pins,
  );
}

/** A property portal: a search hero over a skyline, then a map beside listing cards. */
export function realEstateLayout(scene: Scene): string {
  const { palette, random, variant } = scene;
  const hero = { x: 0, y: contentTop, width: canvas.width, height: 132 };
  const heroParts = group(
    {},
    rect(hero.x, hero.y, hero.width, hero.height, palette.tint),
    clippedTo('hero', hero, 0, scene.motif(hero, palette.primary, random)),
    copyLines(gutter, hero.y + 22, [250, 170], neutral.ink, 12, 8),
    textLine(gutter, hero.y + 64, 220, neutral.muted, 5),
  );
  const search = { x: gutter, y: hero.y + 80, width: canvas.width - gutter * 2, height: 40 };
  const fields = [0, 1, 2].map((index) =>
    group(
      {},
      index > 0 ? rect(search.x + index * 150, search.y + 10, 1, 20, neutral.line) : '',
      textLine(search.x + 16 + index * 150, search.y + 13, 46, neutral.muted, 4),
      textLine(search.x + 16 + index * 150, search.y + 23, 80, neutral.ink, 5),
    ),
  );
  const searchParts = group(
    {},
    rounded(search.x, search.y + 2, search.width, search.height, 12, neutral.line),
    rounded(search.x, search.y, search.width, search.height, 12, neutral.white),
    ...fields,
    rounded(search.x + search.width - 104, search.y + 6, 96, 28, 8, palette.primary),
    textLine(search.x + search.width - 80, search.y + 18, 48, neutral.white, 4),
  );

  const top = search.y + search.height + 18;
  const height = canvas.height - top - 14;
  const mapWidth = 236;
  const mapOnLeft = variant % 2 === 0;
  const mapX = mapOnLeft ? gutter : canvas.width - gutter - mapWidth;
  const listX = mapOnLeft ? gutter + mapWidth + 16 : gutter;
  const listWidth = canvas.width - gutter * 2 - mapWidth - 16;
  const cardWidth = (listWidth - 12) / 2;
  const listings = [0, 1].map((index) => {
    const x = listX + index * (cardWidth + 12);
    return group(
      {},
      card({ x, y: top, width: cardWidth, height }),
      picture(
        scene,
        `listing-${index}`,
        { x: x + 6, y: top + 6, width: cardWidth - 12, height: height * 0.5 },
        {
          glyph: index === 0 ? scene.glyph : glyphs.house,
          scale: 0.56,
        },
      ),
      text(x + 10, top + height * 0.5 + 26, pick(random, prices), {
        size: 12,
        weight: 800,
        fill: palette.primary,
      }),
      copyLines(x + 10, top + height * 0.5 + 36, [cardWidth * 0.7, cardWidth * 0.5], neutral.faint, 5, 6),
      ...[0, 1, 2].map((spec) => rounded(x + 10 + spec * 36, top + height - 22, 30, 12, 6, neutral.panel)),
    );
  });
  return group({}, heroParts, searchParts, mapPanel(scene, mapX, top, mapWidth, height), ...listings);
}
