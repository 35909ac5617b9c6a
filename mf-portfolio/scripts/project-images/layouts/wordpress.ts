import { neutral } from '../palettes.ts';
import { canvas, clippedTo, contentTop, gutter, type Scene } from '../scene.ts';
import { el, group, rect, rounded, text, textLine } from '../svg.ts';
import { button, card, copyLines, picture } from './parts.ts';

/** A content-managed site: a full-width feature image with the site's name, latest posts and a sidebar. */
export function wordpressLayout(scene: Scene): string {
  const { palette, random, variant, title } = scene;
  const hero = { x: 0, y: contentTop, width: canvas.width, height: 150 };
  const gradient = el(
    'linearGradient',
    { id: 'hero-fill', x1: '0', y1: '0', x2: '1', y2: '1' },
    el('stop', { offset: '0', 'stop-color': palette.primaryDark }),
    el('stop', { offset: '1', 'stop-color': palette.primary }),
  );
  const heroParts = group(
    {},
    el('defs', {}, gradient),
    rect(hero.x, hero.y, hero.width, hero.height, 'url(#hero-fill)'),
    clippedTo('hero', hero, 0, scene.motif(hero, palette.accent, random)),
    textLine(gutter + 16, hero.y + 30, 64, palette.accent, 6),
    text(gutter + 16, hero.y + 66, title, { size: 24, weight: 800, fill: neutral.white }),
    copyLines(gutter + 16, hero.y + 82, [260, 200], 'rgba(255,255,255,0.65)', 6, 7),
    button(gutter + 16, hero.y + 110, 96, 22, palette.accent, palette.primaryDark),
  );

  const sidebarLeft = variant % 2 === 1;
  const sidebarWidth = 170;
  const mainX = sidebarLeft ? gutter + sidebarWidth + 20 : gutter;
  const sidebarX = sidebarLeft ? gutter : canvas.width - gutter - sidebarWidth;
  const mainWidth = canvas.width - gutter * 2 - sidebarWidth - 20;
  const top = hero.y + hero.height + 18;
  const postGap = 14;
  const postWidth = (mainWidth - postGap) / 2;
  const postHeight = canvas.height - top - 34;
  const posts = [0, 1].map((index) => {
    const x = mainX + index * (postWidth + postGap);
    const y = top + 20;
    return group(
      {},
      card({ x, y, width: postWidth, height: postHeight }),
      picture(
        scene,
        `post-${index}`,
        { x: x + 6, y: y + 6, width: postWidth - 12, height: postHeight * 0.46 },
        { scale: 0.6 },
      ),
      rounded(x + 10, y + postHeight * 0.46 + 14, 44, 12, 6, palette.tint),
      copyLines(x + 10, y + postHeight * 0.46 + 34, [postWidth * 0.8, postWidth * 0.6], neutral.ink, 6, 6),
      copyLines(x + 10, y + postHeight * 0.46 + 62, [postWidth * 0.75, postWidth * 0.5], neutral.faint, 4, 5),
    );
  });
  const sidebar = group(
    {},
    rounded(sidebarX, top + 20, sidebarWidth, postHeight, 10, neutral.panel),
    rounded(sidebarX + 12, top + 32, sidebarWidth - 24, 20, 10, neutral.white, { stroke: neutral.line }),
    textLine(sidebarX + 12, top + 66, 70, neutral.ink, 6),
    ...[0, 1, 2, 3].map((row) =>
      group(
        {},
        rect(sidebarX + 12, top + 82 + row * 16, 6, 6, palette.primary, { rx: 1.5 }),
        textLine(sidebarX + 24, top + 82 + row * 16, 70 + random() * 50, neutral.faint, 6),
      ),
    ),
    ...[0, 1, 2].map((index) => rounded(sidebarX + 12 + index * 48, top + 152, 42, 14, 7, palette.tint)),
  );
  return group(
    {},
    heroParts,
    text(mainX, top + 8, 'Latest stories', { size: 12, weight: 700, fill: neutral.ink }),
    ...posts,
    sidebar,
  );
}
