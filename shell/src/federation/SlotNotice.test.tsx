import { screen } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { renderToStaticMarkup } from 'react-dom/server';
import { slotNoticeCopy } from 'shared-content/site';
import { ThemeProvider } from 'shared-content/styling';
import { theme } from 'shared-content/theme';
import { describe, expect, it } from 'vitest';
import { SlotNotice } from './SlotNotice.tsx';

describe('SlotNotice', () => {
  it('mounts its status region empty and puts the text in afterwards, so screen readers announce it', () => {
    const first = renderToStaticMarkup(
      <ThemeProvider theme={theme}>
        <SlotNotice remote="mf_portfolio" slot="mf_portfolio/PortfolioPage" />
      </ThemeProvider>,
    );
    expect(first).toContain('role="status"');
    expect(first).not.toContain(slotNoticeCopy.text);

    renderWithProviders(<SlotNotice remote="mf_portfolio" slot="mf_portfolio/PortfolioPage" />);
    expect(screen.getByRole('status')).toHaveTextContent(slotNoticeCopy.text);
    expect(screen.getByRole('button', { name: slotNoticeCopy.retry })).toBeVisible();
  });
});
