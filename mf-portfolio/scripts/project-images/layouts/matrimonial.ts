import { glyphs } from '../glyphs.ts';
import { neutral } from '../palettes.ts';
import { canvas, clippedTo, contentTop, gutter, type Scene } from '../scene.ts';
import { circle, el, group, rect, rounded, textLine } from '../svg.ts';
import { button, card, copyLines } from './parts.ts';

/** A matchmaking portal: a festive hero with a partner search, then member profile cards. */
export function matrimonialLayout(scene: Scene): string {
  const { palette, random, variant } = scene;
  const hero = { x: 0, y: contentTop, width: canvas.width, height: 146 };
  const gradient = el(
    'linearGradient',
    { id: 'hero-fill', x1: '0', y1: '0', x2: '1', y2: '0' },
    el('stop', { offset: '0', 'stop-color': palette.primaryDark }),
    el('stop', { offset: '1', 'stop-color': palette.primary }),
  );
  const form = { x: gutter, y: hero.y + 92, width: 380, height: 38 };
  const heroParts = group(
    {},
    el('defs', {}, gradient),
    rect(hero.x, hero.y, hero.width, hero.height, 'url(#hero-fill)'),
    clippedTo('hero', hero, 0, scene.motif(hero, palette.accent, random)),
    glyphs.heart(gutter + 8, hero.y + 24, 14, palette.accent, palette.accent),
    copyLines(gutter, hero.y + 38, [300, 220], neutral.white, 13, 9),
    rounded(form.x, form.y, form.width, form.height, 10, neutral.white),
    ...[0, 1, 2].map((index) =>
      group(
        {},
        index > 0 ? rect(form.x + index * 96, form.y + 9, 1, 20, neutral.line) : '',
        textLine(form.x + 12 + index * 96, form.y + 12, 40, neutral.muted, 4),
        textLine(form.x + 12 + index * 96, form.y + 22, 64, neutral.ink, 5),
      ),
    ),
    rounded(form.x + form.width - 86, form.y + 6, 80, 26, 8, palette.accent),
    textLine(form.x + form.width - 66, form.y + 17, 40, neutral.ink, 4),
  );

  const top = hero.y + hero.height + 16;
  const columns = 4;
  const gap = 12;
  const cardWidth = (canvas.width - gutter * 2 - gap * (columns - 1)) / columns;
  const cardHeight = canvas.height - top - 12;
  const profiles = Array.from({ length: columns }, (_, index) => {
    const x = gutter + index * (cardWidth + gap);
    const cx = x + cardWidth / 2;
    const tone = (index + variant) % 2 === 0 ? palette.tint : '#fdf3e1';
    return group(
      {},
      card({ x, y: top, width: cardWidth, height: cardHeight }),
      circle(cx, top + 40, 27, tone),
      glyphs.person(cx, top + 42, 38, palette.primary, palette.accent),
      glyphs.heart(
        x + cardWidth - 16,
        top + 14,
        10,
        index === variant ? palette.primary : neutral.faint,
        palette.accent,
      ),
      textLine(cx - cardWidth * 0.3, top + 78, cardWidth * 0.6, neutral.ink, 6),
      copyLines(cx - cardWidth * 0.25, top + 92, [cardWidth * 0.5, cardWidth * 0.4], neutral.faint, 4, 5),
      button(
        x + 12,
        top + cardHeight - 30,
        cardWidth - 24,
        20,
        neutral.white,
        palette.primary,
        palette.primary,
      ),
    );
  });
  return group({}, heroParts, ...profiles);
}
