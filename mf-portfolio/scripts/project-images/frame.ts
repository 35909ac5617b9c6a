import { neutral } from './palettes.ts';
import { canvas, chromeHeight, gutter, navHeight, type Scene } from './scene.ts';
import { circle, group, path, rect, rounded, text, textLine } from './svg.ts';

/** The browser window's title bar: traffic lights and an address bar. */
export function browserChrome(scene: Scene): string {
  const addressWidth = 300 + Math.round(scene.random() * 80);
  const addressX = (canvas.width - addressWidth) / 2;
  return group(
    {},
    rect(0, 0, canvas.width, chromeHeight, neutral.chrome),
    circle(16, 15, 4.5, '#ff5f57'),
    circle(30, 15, 4.5, '#febc2e'),
    circle(44, 15, 4.5, '#28c840'),
    rounded(addressX, 7, addressWidth, 16, 8, neutral.white),
    path(
      `M${addressX + 12} ${13.5} v-1.5 a2.5 2.5 0 0 1 5 0 v1.5 M${addressX + 11} ${13.5} h7 v5 h-7 z`,
      'none',
      { stroke: neutral.muted, 'stroke-width': 1.2 },
    ),
    textLine(addressX + 24, 12.5, 90 + Math.round(scene.random() * 60), neutral.faint, 5),
    rect(0, chromeHeight - 1, canvas.width, 1, neutral.faint),
  );
}

/** The mocked site's own navigation bar: logo mark, the project's name, menu items and a call to action. */
export function siteNav(scene: Scene): string {
  const { palette, title, variant } = scene;
  const dark = variant % 2 === 1;
  const background = dark ? palette.primaryDark : palette.surface;
  const ink = dark ? neutral.white : neutral.ink;
  const menuInk = dark ? 'rgba(255,255,255,0.55)' : neutral.faint;
  const y = chromeHeight;
  const middle = y + navHeight / 2;
  const initial = title.charAt(0).toUpperCase();
  const items = [34, 42, 30, 38].map((width, index) =>
    textLine(352 + index * 46 - (width - 30) / 2, middle - 2.5, width - 6, menuInk, 5),
  );
  return group(
    {},
    rect(0, y, canvas.width, navHeight, background),
    dark ? '' : rect(0, y + navHeight - 1, canvas.width, 1, neutral.line),
    rounded(gutter, middle - 11, 22, 22, 6, dark ? palette.accent : palette.primary),
    text(gutter + 11, middle + 4.5, initial, {
      size: 13,
      weight: 800,
      fill: dark ? neutral.ink : neutral.white,
      anchor: 'middle',
    }),
    text(gutter + 30, middle + 4.5, title, { size: 13, weight: 700, fill: ink }),
    ...items,
    rounded(canvas.width - gutter - 58, middle - 10, 58, 20, 10, dark ? palette.accent : palette.primary),
    textLine(canvas.width - gutter - 46, middle - 2, 34, dark ? neutral.ink : neutral.white, 4),
  );
}
