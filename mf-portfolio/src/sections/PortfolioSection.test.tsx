import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from 'build-config/testing';
import { describe, expect, it, vi } from 'vitest';
import { LocationProbe } from '../testing/LocationProbe.tsx';
import { PortfolioSection } from './PortfolioSection.tsx';

// The bundler resolves screenshot URLs (import.meta.webpackContext); vitest has no such thing.
vi.mock('../model/project-images.ts', () => ({ projectImageUrl: (file: string) => `/static/svg/${file}` }));

function renderSection(context: 'home' | 'page', path = '/portfolio') {
  renderWithProviders(
    <>
      <PortfolioSection context={context} />
      <LocationProbe />
    </>,
    { path },
  );
  return {
    chip: (name: string) => screen.getByRole('button', { name }),
    cards: () => screen.getAllByRole('article'),
    location: () => screen.getByTestId('location').textContent,
  };
}

describe('PortfolioSection', () => {
  it('starts on ECommerce: one pressed chip, six cards, View More', () => {
    const { chip, cards } = renderSection('page');
    const chips = within(screen.getByRole('group', { name: 'Filter projects by category' })).getAllByRole(
      'button',
    );
    expect(chips.map((button) => button.textContent)).toEqual([
      'All Projects',
      'ECommerce',
      'WordPress',
      'Real Estate',
      'Classified',
      'Consulting',
      'Business',
      'Matrimonial',
    ]);
    expect(chips.filter((button) => button.getAttribute('aria-pressed') === 'true')).toEqual([
      chip('ECommerce'),
    ]);
    expect(cards()).toHaveLength(6);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 6 of 9 ECommerce projects');
    expect(screen.getByRole('button', { name: 'View More Projects' })).toBeInTheDocument();
  });

  it('switches category on a chip and writes it to the URL', async () => {
    const user = userEvent.setup();
    const { chip, cards, location } = renderSection('page');
    await user.click(chip('Matrimonial'));
    expect(chip('Matrimonial')).toHaveAttribute('aria-pressed', 'true');
    expect(chip('ECommerce')).toHaveAttribute('aria-pressed', 'false');
    expect(location()).toBe('/portfolio?category=Matrimonial');
    expect(cards().map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Community Matrimony Portal',
      'Regional Matrimony App',
    ]);
    expect(screen.queryByRole('button', { name: 'View More Projects' })).toBeNull();
  });

  it('shows no View More at exactly six projects', () => {
    const { cards } = renderSection('page', '/portfolio?category=WordPress');
    expect(cards()).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'View More Projects' })).toBeNull();
  });

  it('reads the category from the URL and falls back to ECommerce for an unknown one', () => {
    const { chip } = renderSection('page', '/portfolio?category=Gaming');
    expect(chip('ECommerce')).toHaveAttribute('aria-pressed', 'true');
  });

  it('on the page, View More reveals the rest in place and focuses the first new card', async () => {
    const user = userEvent.setup();
    const { cards, location } = renderSection('page', '/portfolio?category=All+Projects');
    await user.click(screen.getByRole('button', { name: 'View More Projects' }));
    expect(cards()).toHaveLength(31);
    expect(cards()[6]).toHaveFocus();
    expect(location()).toBe('/portfolio?category=All+Projects&view=all');
    expect(screen.queryByRole('button', { name: 'View More Projects' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Showing 31 projects');
  });

  it("reveals the chosen category when View More is pressed before the chip's render commits", () => {
    const { chip, cards, location } = renderSection('page');
    // Both taps land in one batch, as they do while the router's transition is still rendering.
    act(() => {
      chip('All Projects').click();
      screen.getByRole('button', { name: 'View More Projects' }).click();
    });
    expect(location()).toBe('/portfolio?category=All+Projects&view=all');
    expect(chip('All Projects')).toHaveAttribute('aria-pressed', 'true');
    expect(cards()).toHaveLength(31);
  });

  it('on the home page, View More leads to /portfolio with the same filter, everything shown', async () => {
    const user = userEvent.setup();
    const { chip, location } = renderSection('home', '/');
    await user.click(chip('All Projects'));
    const viewMore = screen.getByRole('link', { name: 'View More Projects' });
    expect(viewMore).toHaveAttribute('href', '/portfolio?category=All+Projects&view=all');
    await user.click(viewMore);
    expect(location()).toBe('/portfolio?category=All+Projects&view=all');
  });

  it('ignores ?view=all on the home page: the section keeps to six cards', () => {
    const { cards } = renderSection('home', '/?category=ECommerce&view=all');
    expect(cards()).toHaveLength(6);
  });

  it('gives each card its picture, title, category and technologies, and highlights the hovered one', async () => {
    const user = userEvent.setup();
    const { cards } = renderSection('page');
    const [first, second] = cards();
    if (!first || !second) throw new Error('expected cards');
    expect(first).toHaveAccessibleName('Handloom Saree Store');
    expect(within(first).getByRole('img')).toHaveAttribute('src', '/static/svg/handloom-saree-store.svg');
    expect(within(first).getByRole('img')).toHaveAttribute('width', '640');
    expect(within(first).getByText('ECommerce')).toBeInTheDocument();
    expect(
      within(within(first).getByRole('list', { name: 'Technologies' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Shopify', 'Liquid', 'Razorpay']);

    await user.hover(second);
    expect(second).toHaveAttribute('data-highlighted', 'true');
    expect(first).toHaveAttribute('data-highlighted', 'false');
    await user.unhover(second);
    expect(second).toHaveAttribute('data-highlighted', 'false');
  });

  it('heads the section with h2 on the home page', () => {
    renderSection('home', '/');
    expect(screen.getByRole('heading', { level: 2, name: 'Our Portfolio' })).toBeInTheDocument();
  });

  it('opens the portfolio page with h1 Our Portfolio, its size and a way to browse by category', () => {
    renderSection('page');
    expect(screen.getByRole('heading', { level: 1, name: 'Our Portfolio' })).toBeInTheDocument();
    expect(screen.getByText('31 projects')).toBeInTheDocument();
    expect(screen.getByText('7 categories')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse by category' })).toHaveAttribute('href', '/categories');
  });
});
