import { glyphs } from '../glyphs.ts';
import { neutral } from '../palettes.ts';
import { canvas, clippedTo, contentTop, gutter, type Scene } from '../scene.ts';
import { circle, group, path, rounded, text, textLine } from '../svg.ts';
import { button, card, copyLines } from './parts.ts';

/** A firm's site: headline beside a results chart, then three service cards. */
export function consultingLayout(scene: Scene): string {
  const { palette, random, variant, title } = scene;
  const heroHeight = 168;
  const panel = { x: 360, y: contentTop + 18, width: canvas.width - 360 - gutter, height: heroHeight - 30 };
  const bars = [0.45, 0.6, 0.52, 0.78, 0.9].map((share, index) => {
    const barHeight = (panel.height - 50) * share;
    return rounded(
      panel.x + 22 + index * 42,
      panel.y + panel.height - 18 - barHeight,
      26,
      barHeight,
      4,
      palette.primary,
      {
        opacity: 0.45 + index * 0.12,
      },
    );
  });
  const trend = path(
    `M${panel.x + 30} ${panel.y + panel.height - 50} L${panel.x + 90} ${panel.y + panel.height - 70} L${panel.x + 150} ${panel.y + 70} L${panel.x + 210} ${panel.y + 40}`,
    'none',
    { stroke: palette.accent, 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
  );
  const hero = group(
    {},
    clippedTo(
      'backdrop',
      { x: 0, y: contentTop, width: canvas.width, height: heroHeight },
      0,
      group(
        {},
        circle(canvas.width - 60, contentTop + 40, 150, palette.tint),
        scene.motif({ x: 0, y: contentTop, width: canvas.width, height: heroHeight }, palette.tint, random),
      ),
    ),
    textLine(gutter, contentTop + 30, 90, palette.accent, 6),
    text(gutter, contentTop + 62, title, {
      size: title.length > 24 ? 18 : 22,
      weight: 800,
      fill: neutral.ink,
    }),
    copyLines(gutter, contentTop + 78, [290, 250, 180], neutral.faint, 5, 6),
    button(gutter, contentTop + 118, 104, 24, palette.primary, neutral.white),
    button(gutter + 114, contentTop + 118, 96, 24, neutral.white, palette.primary, palette.primary),
    card(panel, 12),
    textLine(panel.x + 16, panel.y + 14, 70, neutral.ink, 6),
    ...bars,
    trend,
    rounded(panel.x + panel.width - 62, panel.y + 10, 50, 20, 10, palette.tint),
    text(panel.x + panel.width - 37, panel.y + 24, variant % 2 ? '+38%' : '+24%', {
      size: 10,
      weight: 800,
      fill: palette.primary,
      anchor: 'middle',
    }),
  );

  const top = contentTop + heroHeight + 8;
  const gap = 14;
  const cardWidth = (canvas.width - gutter * 2 - gap * 2) / 3;
  const cardHeight = canvas.height - top - 14;
  const serviceGlyphs = [...new Set([scene.glyph, glyphs.chart, glyphs.briefcase, glyphs.person])].slice(
    0,
    3,
  );
  const services = serviceGlyphs.map((glyph, index) => {
    const x = gutter + index * (cardWidth + gap);
    return group(
      {},
      card({ x, y: top, width: cardWidth, height: cardHeight }),
      circle(x + 30, top + 30, 16, palette.tint),
      glyph(x + 30, top + 30, 18, palette.primary, palette.accent),
      textLine(x + 16, top + 58, cardWidth * 0.6, neutral.ink, 7),
      copyLines(x + 16, top + 74, [cardWidth * 0.78, cardWidth * 0.7, cardWidth * 0.5], neutral.faint, 4, 5),
    );
  });
  return group({}, hero, ...services);
}
