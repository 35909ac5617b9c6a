import { ThemeProvider } from '@emotion/react';
import { type RenderOptions, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { theme } from 'shared-content/theme';

/** Renders a component as the shell would: with the theme and a router at `path`. */
export function renderWithProviders(
  ui: ReactElement,
  { path = '/', ...options }: RenderOptions & { path?: string } = {},
) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </ThemeProvider>,
    options,
  );
}
