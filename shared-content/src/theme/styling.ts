/**
 * The one entry components take styling from, so every app uses the shell's singleton emotion
 * (and its ThemeProvider) and the typed Theme.
 */
import './index.ts';

export { css, Global, keyframes, ThemeProvider, useTheme } from '@emotion/react';
export { default as styled } from '@emotion/styled';
