import type { Glyph } from '../glyphs.ts';
import type { Box } from '../motifs.ts';
import { neutral } from '../palettes.ts';
import { clippedTo, type Scene } from '../scene.ts';
import { group, rounded, textLine } from '../svg.ts';

/** A white card with a hairline border and a soft shadow line. */
export function card({ x, y, width, height }: Box, radius = 10): string {
  return group(
    {},
    rounded(x, y + 2, width, height, radius, neutral.line),
    rounded(x, y, width, height, radius, neutral.white, { stroke: neutral.line, 'stroke-width': 1 }),
  );
}

/** A product photo or illustration: a tinted panel, a faint motif and a pictogram in the middle. */
export function picture(
  scene: Scene,
  id: string,
  box: Box,
  {
    radius = 8,
    glyph = scene.glyph,
    scale = 0.5,
    motif = true,
  }: { radius?: number; glyph?: Glyph; scale?: number; motif?: boolean } = {},
): string {
  const { palette } = scene;
  const size = Math.min(box.width, box.height) * scale;
  return group(
    {},
    rounded(box.x, box.y, box.width, box.height, radius, palette.tint),
    motif ? clippedTo(id, box, radius, scene.motif(box, palette.primary, scene.random)) : '',
    glyph(box.x + box.width / 2, box.y + box.height / 2, size, palette.primary, palette.accent),
  );
}

/** Lines of copy drawn as pills, one under another. */
export function copyLines(
  x: number,
  y: number,
  widths: readonly number[],
  color: string,
  height = 6,
  gap = 6,
): string {
  return group(
    {},
    ...widths.map((width, index) => textLine(x, y + index * (height + gap), width, color, height)),
  );
}

/** A button: a pill with a short label line inside. */
export function button(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  label: string,
  outline?: string,
): string {
  return group(
    {},
    rounded(x, y, width, height, height / 2, fill, outline ? { stroke: outline, 'stroke-width': 1.5 } : {}),
    textLine(x + width * 0.22, y + height / 2 - 2, width * 0.56, label, 4),
  );
}

/** A row of five small stars (filled up to `filled`). */
export function stars(x: number, y: number, filled: number, color: string): string {
  const star = (cx: number) =>
    `M${cx} ${y - 3.2} L${cx + 1} ${y - 1} L${cx + 3.3} ${y - 0.8} L${cx + 1.6} ${y + 0.8} L${cx + 2} ${y + 3.2} L${cx} ${y + 2} L${cx - 2} ${y + 3.2} L${cx - 1.6} ${y + 0.8} L${cx - 3.3} ${y - 0.8} L${cx - 1} ${y - 1} Z`;
  return group(
    {},
    ...Array.from(
      { length: 5 },
      (_, index) => `<path d="${star(x + index * 8)}" fill="${index < filled ? color : neutral.faint}"/>`,
    ),
  );
}
