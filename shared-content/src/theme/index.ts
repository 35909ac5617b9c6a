import type { AppTheme } from './theme.ts';

export * from './contrast.ts';
export * from './theme.ts';
export * from './tokens.ts';

// Augment emotion's Theme once, here: every app that imports shared-content/theme gets a typed `theme`.
declare module '@emotion/react' {
  export interface Theme extends AppTheme {}
}
