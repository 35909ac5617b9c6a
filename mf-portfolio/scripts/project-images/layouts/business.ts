import { neutral } from '../palettes.ts';
import { canvas, clippedTo, contentTop, gutter, type Scene } from '../scene.ts';
import { circle, group, rect, rounded, text, textLine } from '../svg.ts';
import { button, card, copyLines, picture } from './parts.ts';

const stats = [
  ['25+', '1,200', '98%', '24/7'],
  ['15 yrs', '40+', '500+', '4.9★'],
  ['120+', '18', '99%', '6'],
  ['3,000', '12', '100%', '50+'],
];

/** A company site: a bold hero, a row of figures, then what the company offers. */
export function businessLayout(scene: Scene): string {
  const { palette, random, variant } = scene;
  const hero = { x: 0, y: contentTop, width: canvas.width, height: 150 };
  const heroParts = group(
    {},
    rect(hero.x, hero.y, hero.width, hero.height, palette.primaryDark),
    clippedTo('hero', hero, 0, scene.motif(hero, palette.primary, random)),
    textLine(gutter, hero.y + 28, 80, palette.accent, 6),
    copyLines(gutter, hero.y + 44, [280, 210], neutral.white, 14, 9),
    textLine(gutter, hero.y + 94, 240, 'rgba(255,255,255,0.55)', 5),
    button(gutter, hero.y + 110, 100, 24, palette.accent, palette.primaryDark),
    button(
      gutter + 110,
      hero.y + 110,
      92,
      24,
      'rgba(255,255,255,0.08)',
      neutral.white,
      'rgba(255,255,255,0.6)',
    ),
    circle(canvas.width - 130, hero.y + hero.height / 2, 56, 'rgba(255,255,255,0.1)'),
    scene.glyph(canvas.width - 130, hero.y + hero.height / 2, 74, palette.accent, palette.primaryDark),
  );

  const figures = stats[variant] ?? stats[0] ?? [];
  const statsY = hero.y + hero.height;
  const step = (canvas.width - gutter * 2) / figures.length;
  const statsParts = group(
    {},
    rect(0, statsY, canvas.width, 62, palette.tint),
    ...figures.map((figure, index) =>
      group(
        {},
        text(gutter + step * (index + 0.5), statsY + 30, figure, {
          size: 17,
          weight: 800,
          fill: palette.primary,
          anchor: 'middle',
        }),
        textLine(gutter + step * (index + 0.5) - 28, statsY + 40, 56, neutral.muted, 5),
      ),
    ),
  );

  const top = statsY + 62 + 16;
  const gap = 14;
  const cardWidth = (canvas.width - gutter * 2 - gap * 2) / 3;
  const cardHeight = canvas.height - top - 12;
  const offers = [0, 1, 2].map((index) => {
    const x = gutter + index * (cardWidth + gap);
    return group(
      {},
      card({ x, y: top, width: cardWidth, height: cardHeight }),
      picture(
        scene,
        `offer-${index}`,
        { x: x + 6, y: top + 6, width: 60, height: cardHeight - 12 },
        {
          scale: 0.7,
          motif: false,
          radius: 6,
        },
      ),
      textLine(x + 78, top + 16, cardWidth * 0.4, neutral.ink, 6),
      copyLines(x + 78, top + 30, [cardWidth * 0.45, cardWidth * 0.35], neutral.faint, 4, 5),
      rounded(x + 78, top + cardHeight - 20, 40, 8, 4, palette.tint),
    );
  });
  return group({}, heroParts, statsParts, ...offers);
}
