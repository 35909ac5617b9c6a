/** Raw design tokens: the palette and scales. Components use the semantic layer in theme.ts instead. */
export const palette = {
  white: '#ffffff',
  indigo50: '#eef2ff',
  indigo100: '#e0e7ff',
  indigo200: '#c7d2fe',
  indigo300: '#a5b4fc',
  indigo500: '#6366f1',
  indigo600: '#4f46e5',
  indigo700: '#4338ca',
  indigo800: '#3730a3',
  indigo900: '#312e81',
  slate50: '#f8fafc',
  slate100: '#f1f5f9',
  slate200: '#e2e8f0',
  slate300: '#cbd5e1',
  slate400: '#94a3b8',
  slate500: '#64748b',
  slate600: '#475569',
  slate700: '#334155',
  slate800: '#1e293b',
  slate900: '#0f172a',
  slate950: '#020617',
  amber300: '#fcd34d',
  amber400: '#fbbf24',
  amber600: '#d97706',
  amber700: '#b45309',
  green50: '#f0fdf4',
  green700: '#15803d',
  red50: '#fef2f2',
  red700: '#b91c1c',
} as const;

export const fontFamily = {
  sans: "'Inter Variable', 'Inter Fallback', 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', Arial, sans-serif",
  mono: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
} as const;

/**
 * The faces text is drawn in until Inter has arrived: Arial (or its metric twins, Liberation Sans and
 * Helvetica) scaled to Inter's widths, weight by weight, so that the swap to Inter moves no line (a layout
 * shift) and changes only the letters' shapes. A prerendered page paints its text in these faces first and
 * fetches Inter after that paint (platform/pages/src/pages/preload.ts), so the first paint never waits for the font.
 * widthRatio is Inter's advance width over Arial's for the site's copy at that weight, measured in Chromium
 * (Arial has two weights: 600 to 800 are drawn from its bold); Inter's ascender and descender, 0.96875 and
 * 0.2421875 em, are divided by it. Where none of these fonts exists (most Android phones), the stack's next
 * family draws the text.
 */
const arial = ['Arial', 'Liberation Sans', 'Helvetica'];
const arialBold = ['Arial Bold', 'Liberation Sans Bold', 'Helvetica Bold'];

export const interFallback = {
  family: 'Inter Fallback',
  ascender: 0.96875,
  descender: 0.2421875,
  faces: [
    { weight: 400, localSources: arial, widthRatio: 1.065 },
    { weight: 500, localSources: arial, widthRatio: 1.076 },
    { weight: 600, localSources: arialBold, widthRatio: 1.009 },
    { weight: 700, localSources: arialBold, widthRatio: 1.019 },
    { weight: 800, localSources: arialBold, widthRatio: 1.032 },
  ],
} as const;

export const fontSize = {
  xs: '0.75rem',
  sm: '0.875rem',
  md: '1rem',
  lg: '1.125rem',
  xl: '1.25rem',
  '2xl': '1.5rem',
  '3xl': '1.875rem',
  '4xl': '2.25rem',
  '5xl': '3rem',
  '6xl': '3.5rem',
} as const;

export const fontWeight = { regular: 400, medium: 500, semibold: 600, bold: 700, extrabold: 800 } as const;

export const lineHeight = { tight: 1.15, snug: 1.3, normal: 1.6 } as const;

export const space = {
  0: '0',
  1: '0.25rem',
  2: '0.5rem',
  3: '0.75rem',
  4: '1rem',
  5: '1.25rem',
  6: '1.5rem',
  8: '2rem',
  10: '2.5rem',
  12: '3rem',
  16: '4rem',
  20: '5rem',
  24: '6rem',
} as const;

export const radii = { sm: '6px', md: '10px', lg: '16px', xl: '24px', full: '9999px' } as const;

export const shadows = {
  sm: '0 1px 2px rgba(15, 23, 42, 0.06), 0 1px 3px rgba(15, 23, 42, 0.08)',
  md: '0 4px 12px rgba(15, 23, 42, 0.08), 0 2px 4px rgba(15, 23, 42, 0.06)',
  lg: '0 18px 40px rgba(15, 23, 42, 0.12), 0 6px 12px rgba(15, 23, 42, 0.06)',
} as const;

/** Spec section 9: the mobile breakpoint is 768 px and the header is 80 px high. */
export const breakpoints = { md: 768, lg: 1024, xl: 1280 } as const;

export const layout = {
  headerHeight: 80,
  maxContentWidth: 1200,
  drawerWidth: 300,
  /** Header turns solid once the page is scrolled more than this many pixels. */
  headerScrollThreshold: 10,
} as const;

export const zIndex = { header: 100, backdrop: 190, drawer: 200, skipLink: 300 } as const;

/** The dimmed page behind the menu: a token of its own, as the page loader draws it too before the shell runs. */
export const backdropColor = 'rgba(2, 6, 23, 0.6)';

export const motion = {
  fast: '150ms',
  normal: '250ms',
  easing: 'cubic-bezier(0.2, 0, 0, 1)',
} as const;
