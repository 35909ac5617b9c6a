import { screen } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { encodePreviewClaim } from 'federation/preview';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PreviewBannerSlot } from './PreviewBannerSlot.tsx';

describe('PreviewBannerSlot', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
    document.cookie = 'agency-preview=; path=/; max-age=0';
  });

  it('renders nothing, and loads no banner, without a preview', () => {
    expect(renderWithProviders(<PreviewBannerSlot />).container.innerHTML).toBe('');
  });

  it('loads the banner in a browser in a preview, after hydration only', async () => {
    const payload = encodePreviewClaim({
      remote: 'mf_portfolio',
      version: '1.0.0-3f43688a',
      expires: Math.floor(Date.now() / 1000) + 3600,
    });
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the static host sets when a preview link opens.
    document.cookie = `agency-preview=${payload}.${'s'.repeat(43)}; path=/`;
    expect(renderToString(<PreviewBannerSlot />)).toBe('');
    renderWithProviders(<PreviewBannerSlot />);
    const banner = await screen.findByRole('complementary', { name: 'Preview' }, { timeout: 10_000 });
    expect(banner.textContent).toContain('mf-portfolio 1.0.0-3f43688a');
  });
});
