import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawerCloseAttribute } from '../early/protocol.ts';
import { Header } from './Header.tsx';

/** jsdom has no layout: drive matchMedia by hand to cross the 768 px breakpoint. */
function mockViewport(initialWide: boolean) {
  let wide = initialWide;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('min-width: 768px') ? wide : false;
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return (nowWide: boolean) => {
    wide = nowWide;
    act(() => {
      for (const listener of listeners) listener();
    });
  };
}

/** jsdom has no viewport, so the mobile-first display:none hides the desktop nav from role queries. */
function desktopNav(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]');
  if (!nav) throw new Error('no desktop navigation');
  return nav;
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  });
}

describe('Header', () => {
  beforeEach(() => {
    scrollTo(0);
  });

  it('turns solid only after scrolling more than 10 px', () => {
    mockViewport(true);
    renderWithProviders(<Header />);
    const bar = screen.getByTestId('site-header');
    expect(bar).toHaveAttribute('data-solid', 'false');
    scrollTo(10);
    expect(bar).toHaveAttribute('data-solid', 'false');
    scrollTo(11);
    expect(bar).toHaveAttribute('data-solid', 'true');
    scrollTo(0);
    expect(bar).toHaveAttribute('data-solid', 'false');
  });

  it('links Home, Services, About, Portfolio, Contact and offers a Contact Us mail link', () => {
    mockViewport(true);
    renderWithProviders(<Header />);
    const nav = desktopNav(); // jsdom applies the mobile-first display:none (it has no viewport), so include hidden elements.
    const links = Array.from(nav.querySelectorAll('li a')).map((link) => link.textContent);
    expect(links).toEqual(['Home', 'Services', 'About', 'Portfolio', 'Contact']);
    expect(screen.getAllByRole('link', { name: 'Contact Us', hidden: true })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:/),
    );
  });

  it('marks the current page in the navigation', () => {
    mockViewport(true);
    renderWithProviders(<Header />, { path: '/services' });
    const nav = desktopNav(); // jsdom applies the mobile-first display:none (it has no viewport), so include hidden elements.
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent('Services');
  });
});

describe('mobile drawer', () => {
  it('opens from the toggle and moves focus inside', async () => {
    mockViewport(false);
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('data-open', 'true');
    expect(drawer.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape and gives focus back to the toggle', async () => {
    mockViewport(false);
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(toggle);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('closes on a backdrop click', async () => {
    mockViewport(false);
    renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a link click', async () => {
    mockViewport(false);
    renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const servicesLink = Array.from(drawer.querySelectorAll('a')).find(
      (link) => link.textContent === 'Services',
    );
    if (!servicesLink) throw new Error('no Services link in the drawer');
    await userEvent.click(servicesLink);
    expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();
  });

  it('closes when the window widens to 768 px or more', async () => {
    const setWide = mockViewport(false);
    renderWithProviders(<Header />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByTestId('drawer-backdrop')).toBeInTheDocument();
    setWide(true);
    expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();
  });
});

describe('Header, after the page loader opened the menu before the shell was live', () => {
  it('keeps it open, draws its own backdrop, and closes it as its own, focus back on the menu button', async () => {
    mockViewport(false);
    // As the loader leaves it: the menu open, focus on its close button (early/early-drawer.ts).
    const takeOverDrawer = vi.fn(() => {
      document.querySelector<HTMLElement>(`[${drawerCloseAttribute}]`)?.focus();
      return true;
    });
    vi.stubGlobal('agencyPageLoader', {
      wantedSlots: () => [],
      onWanted: () => () => undefined,
      preloadSlot: () => undefined,
      partLive: () => undefined,
      takeOverDrawer,
    });
    try {
      renderWithProviders(<Header />);
      expect(takeOverDrawer).toHaveBeenCalledTimes(1);
      const toggle = screen.getByRole('button', { name: 'Open menu' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('dialog', { name: 'Menu' })).toHaveAttribute('data-open', 'true');
      expect(screen.getByTestId('drawer-backdrop')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
      await userEvent.keyboard('{Escape}');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(toggle).toHaveFocus();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('stays closed when the loader left it closed', () => {
    mockViewport(false);
    vi.stubGlobal('agencyPageLoader', { takeOverDrawer: () => false });
    try {
      renderWithProviders(<Header />);
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByTestId('drawer-backdrop')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
