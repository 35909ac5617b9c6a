import {
  backdropColor,
  breakpoints,
  fontFamily,
  fontSize,
  fontWeight,
  layout,
  lineHeight,
  motion,
  palette,
  radii,
  shadows,
  space,
  zIndex,
} from './tokens.ts';

/**
 * Semantic tokens on top of the raw palette. Every text/background pair used by the components is
 * chosen to pass WCAG 2.2 AA contrast (see theme.test.ts).
 */
export const theme = {
  color: {
    bg: {
      page: palette.white,
      subtle: palette.slate50,
      muted: palette.slate100,
      inverse: palette.slate900,
      inverseRaised: palette.slate800,
      brand: palette.indigo700,
      brandHover: palette.indigo800,
      brandSubtle: palette.indigo50,
      accent: palette.amber400,
      success: palette.green50,
      danger: palette.red50,
      backdrop: backdropColor,
      /** Translucent panels on the dark hero. */
      glass: 'rgba(255, 255, 255, 0.08)',
      glassHover: 'rgba(255, 255, 255, 0.14)',
    },
    fg: {
      default: palette.slate900,
      muted: palette.slate600,
      inverse: palette.white,
      inverseMuted: palette.slate300,
      brand: palette.indigo700,
      onBrand: palette.white,
      onAccent: palette.slate900,
      success: palette.green700,
      danger: palette.red700,
      /** Rating stars: 3:1 against white as a graphical object. */
      star: palette.amber600,
      starEmpty: palette.slate300,
    },
    border: {
      default: palette.slate200,
      strong: palette.slate500,
      inverse: palette.slate700,
      brand: palette.indigo300,
      focus: palette.indigo600,
      /**
       * The focus ring is two-tone: this inner ring between the element and the indigo outline keeps it
       * visible (3:1) on dark and brand surfaces too, where indigo alone would not be.
       */
      focusInner: palette.white,
      glass: 'rgba(255, 255, 255, 0.2)',
    },
  },
  gradient: {
    hero: `linear-gradient(135deg, ${palette.slate950} 0%, ${palette.indigo900} 55%, ${palette.indigo700} 100%)`,
    // Ends at indigo-600, not 500: white text must keep 4.5:1 across the whole gradient.
    brand: `linear-gradient(135deg, ${palette.indigo700} 0%, ${palette.indigo600} 100%)`,
  },
  font: { family: fontFamily, size: fontSize, weight: fontWeight, lineHeight },
  space,
  radii,
  shadows,
  breakpoints,
  layout,
  zIndex,
  motion,
  /** Media queries, mobile first. */
  mq: {
    md: `@media (min-width: ${breakpoints.md}px)`,
    lg: `@media (min-width: ${breakpoints.lg}px)`,
    xl: `@media (min-width: ${breakpoints.xl}px)`,
    belowMd: `@media (max-width: ${breakpoints.md - 0.02}px)`,
    reducedMotion: '@media (prefers-reduced-motion: reduce)',
    hover: '@media (hover: hover) and (pointer: fine)',
  },
} as const;

export type AppTheme = typeof theme;
