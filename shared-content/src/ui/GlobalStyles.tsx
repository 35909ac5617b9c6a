import { css, Global } from '../theme/styling.ts';
import { theme } from '../theme/theme.ts';
import { interFallback } from '../theme/tokens.ts';

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** One @font-face per weight of the fallback (shared-content's interFallback), scaled to Inter's metrics. */
const fallbackFaces = interFallback.faces
  .map(
    ({ weight, localSources, widthRatio }) => `@font-face {
    font-family: '${interFallback.family}';
    font-weight: ${weight};
    src: ${localSources.map((name) => `local('${name}')`).join(', ')};
    size-adjust: ${percent(widthRatio)};
    ascent-override: ${percent(interFallback.ascender / widthRatio)};
    descent-override: ${percent(interFallback.descender / widthRatio)};
    line-gap-override: 0%;
  }`,
  )
  .join('\n');

/** Base document styles shared by the shell and every remote's standalone page. */
const base = css`
  ${fallbackFaces}
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; scroll-padding-top: ${theme.layout.headerHeight + 16}px; }
  body {
    margin: 0;
    font-family: ${theme.font.family.sans};
    font-size: ${theme.font.size.md};
    line-height: ${theme.font.lineHeight.normal};
    color: ${theme.color.fg.default};
    background: ${theme.color.bg.page};
    -webkit-font-smoothing: antialiased;
    text-rendering: optimizeLegibility;
  }
  h1, h2, h3, h4 { margin: 0; line-height: ${theme.font.lineHeight.tight}; letter-spacing: -0.015em; }
  p { margin: 0; }
  img, svg { display: block; max-width: 100%; }
  img { height: auto; }
  a { color: inherit; }
  button, input, select, textarea { font: inherit; color: inherit; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  :focus-visible {
    outline: 3px solid ${theme.color.border.focus};
    outline-offset: 2px;
    box-shadow: 0 0 0 2px ${theme.color.border.focusInner};
  }
  ${theme.mq.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={base} />;
}
