import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast.ts';
import { theme } from './theme.ts';
import { palette } from './tokens.ts';

const { fg, bg, border } = theme.color;

/** Every text/background pair the components use, with the AA minimum for normal-size text. */
const textPairs: Array<[string, string, string]> = [
  ['default on page', fg.default, bg.page],
  ['muted on page', fg.muted, bg.page],
  ['muted on subtle', fg.muted, bg.subtle],
  ['muted on muted', fg.muted, bg.muted],
  ['brand on page', fg.brand, bg.page],
  ['brand on brandSubtle', fg.brand, bg.brandSubtle],
  ['onBrand on brand', fg.onBrand, bg.brand],
  ['onBrand on brandHover', fg.onBrand, bg.brandHover],
  ['inverse on inverse', fg.inverse, bg.inverse],
  ['inverseMuted on inverse', fg.inverseMuted, bg.inverse],
  ['inverseMuted on inverseRaised', fg.inverseMuted, bg.inverseRaised],
  ['onAccent on accent', fg.onAccent, bg.accent],
  ['success on success', fg.success, bg.success],
  ['danger on danger', fg.danger, bg.danger],
  ['inverse on hero gradient darkest', fg.inverse, palette.slate950],
  ['inverse on hero gradient lightest', fg.inverse, palette.indigo700],
  ['inverseMuted on hero gradient lightest', palette.indigo100, palette.indigo700],
  ['inverse on brand gradient lightest', fg.inverse, palette.indigo600],
];

describe('design tokens', () => {
  it.each(textPairs)('%s passes AA for text (4.5:1)', (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['stars on page', fg.star, bg.page],
    ['focus ring on page', border.focus, bg.page],
    ['strong border on page', border.strong, bg.page],
  ])('%s passes AA for graphics (3:1)', (_name, foreground, background) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(3);
  });

  /** Every surface a focusable element sits on: the page tones, dark bands, brand fills and gradient stops. */
  const surfaces: Array<[string, string]> = [
    ['page', bg.page],
    ['subtle', bg.subtle],
    ['muted', bg.muted],
    ['brandSubtle', bg.brandSubtle],
    ['inverse', bg.inverse],
    ['inverseRaised', bg.inverseRaised],
    ['brand', bg.brand],
    ['brandHover', bg.brandHover],
    ['accent', bg.accent],
    ['hero gradient darkest', palette.slate950],
    ['hero gradient middle', palette.indigo900],
    ['hero gradient lightest', palette.indigo700],
    ['brand gradient lightest', palette.indigo600],
  ];

  it.each(surfaces)('the two-tone focus ring shows at 3:1 on %s', (_name, surface) => {
    const best = Math.max(contrastRatio(border.focus, surface), contrastRatio(border.focusInner, surface));
    expect(best).toBeGreaterThanOrEqual(3);
  });

  it('computes the textbook ratio for black on white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
