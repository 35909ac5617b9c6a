import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { encodePreviewClaim } from 'federation/preview';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageHandle } from '../devtools/page-handle.ts';
import { PageHydration } from '../hydration/page-hydration.ts';
import { PreviewBanner } from './PreviewBanner.tsx';

/** A page with no slots, as the devtools read it. */
const page: PageHandle = {
  hydration: new PageHydration(),
  versionOf: () => undefined,
  bucket: () => 7,
  slotAttribute: 'data-remote-slot',
  keptStatic: () => false,
};

const setPreviewCookie = (expires: number) => {
  const payload = encodePreviewClaim({ remote: 'mf_portfolio', version: '1.0.0-3f43688a', expires });
  // biome-ignore lint/suspicious/noDocumentCookie: the cookie the static host sets when a preview link opens.
  document.cookie = `agency-preview=${payload}.${'s'.repeat(43)}; path=/`;
};

describe('PreviewBanner', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
    document.cookie = 'agency-preview=; path=/; max-age=0';
  });

  it('names the remote and version and offers to exit, in a browser in a preview', () => {
    setPreviewCookie(Math.floor(Date.now() / 1000) + 3600);
    renderWithProviders(<PreviewBanner />);
    const banner = screen.getByRole('complementary', { name: 'Preview' });
    expect(banner.textContent).toMatch(/This browser alone sees mf-portfolio 1\.0\.0-3f43688a until/);
    expect(screen.getByRole('link', { name: 'Exit preview' }).getAttribute('href')).toBe('/__preview/exit');
  });

  it('says where the previewed version came from, once the preview map has named it', async () => {
    setPreviewCookie(Math.floor(Date.now() / 1000) + 3600);
    const asked: unknown[] = [];
    const readSource = async (claim: unknown) => {
      asked.push(claim);
      return '3f2a9c1d0b7e on main by Jane Doe';
    };
    renderWithProviders(<PreviewBanner readSource={readSource} />);
    const banner = screen.getByRole('complementary', { name: 'Preview' });
    await waitFor(() => expect(banner.textContent).toContain('Built from 3f2a9c1d0b7e on main by Jane Doe.'));
    expect(asked).toEqual([expect.objectContaining({ remote: 'mf_portfolio', version: '1.0.0-3f43688a' })]);
  });

  it('names the dev server a dev preview loads the remote from', () => {
    const payload = encodePreviewClaim({
      remote: 'mf_portfolio',
      dev: 'http://localhost:3102',
      expires: Math.floor(Date.now() / 1000) + 3600,
    });
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie the static host sets when a dev link opens.
    document.cookie = `agency-preview=${payload}.${'s'.repeat(43)}; path=/`;
    renderWithProviders(<PreviewBanner />);
    expect(screen.getByRole('complementary', { name: 'Preview' }).textContent).toContain(
      'mf-portfolio from http://localhost:3102',
    );
  });

  it('is nothing at all without a preview, or once it has expired', () => {
    const { container } = renderWithProviders(<PreviewBanner />);
    expect(container.innerHTML).toBe('');
    setPreviewCookie(Math.floor(Date.now() / 1000) - 1);
    expect(renderWithProviders(<PreviewBanner />).container.innerHTML).toBe('');
  });

  it('is not in the prerendered page, so the first render matches it', () => {
    setPreviewCookie(Math.floor(Date.now() / 1000) + 3600);
    expect(renderToString(<PreviewBanner />)).toBe('');
  });

  it('opens the page devtools with its button or Alt+Shift+D, and closes them again', async () => {
    setPreviewCookie(Math.floor(Date.now() / 1000) + 3600);
    renderWithProviders(<PreviewBanner page={page} readSource={async () => undefined} />);
    const toggle = screen.getByRole('button', { name: 'Page devtools' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(await screen.findByRole('heading', { name: 'What this page runs' })).toBeInTheDocument();
    expect(screen.getByText('This browser is in bucket 7 of 0–99.')).toBeInTheDocument();
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(window, { key: 'D', code: 'KeyD', altKey: true, shiftKey: true });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'What this page runs' })).toBeNull());
    fireEvent.keyDown(window, { key: 'D', code: 'KeyD', altKey: true, shiftKey: true });
    expect(await screen.findByRole('heading', { name: 'What this page runs' })).toBeInTheDocument();
    // Alt+D alone, or Shift+D alone, is a visitor's typing, not the panel's keys.
    fireEvent.keyDown(window, { key: 'D', code: 'KeyD', shiftKey: true });
    expect(screen.getByRole('heading', { name: 'What this page runs' })).toBeInTheDocument();
  });

  it('opens the page devtools at once when the address asks (?devtools)', async () => {
    setPreviewCookie(Math.floor(Date.now() / 1000) + 3600);
    window.history.replaceState(null, '', '/contact?devtools');
    try {
      renderWithProviders(<PreviewBanner page={page} readSource={async () => undefined} />);
      expect(await screen.findByRole('heading', { name: 'What this page runs' })).toBeInTheDocument();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
