import { screen, within } from '@testing-library/react';
import { renderWithProviders } from 'build-config/testing';
import { describe, expect, it, vi } from 'vitest';
import { CategoriesPage } from './CategoriesPage.tsx';

vi.mock('../model/project-images.ts', () => ({ projectImageUrl: (file: string) => `/static/svg/${file}` }));

describe('CategoriesPage', () => {
  it('lists every category with its count, each linking to the filtered portfolio', () => {
    renderWithProviders(<CategoriesPage />, { path: '/categories' });
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    const items = within(screen.getByRole('list', { name: 'Portfolio categories' })).getAllByRole('listitem');
    const entries = items.map((item) => {
      const link = within(item).getByRole('link');
      return [link.textContent, link.getAttribute('href'), item.textContent?.match(/(\d+) projects?/)?.[1]];
    });
    expect(entries).toEqual([
      ['ECommerce', '/portfolio?category=ECommerce&view=all', '9'],
      ['WordPress', '/portfolio?category=WordPress&view=all', '6'],
      ['Real Estate', '/portfolio?category=Real+Estate&view=all', '4'],
      ['Classified', '/portfolio?category=Classified&view=all', '3'],
      ['Consulting', '/portfolio?category=Consulting&view=all', '3'],
      ['Business', '/portfolio?category=Business&view=all', '4'],
      ['Matrimonial', '/portfolio?category=Matrimonial&view=all', '2'],
      ['All Projects', '/portfolio?category=All+Projects&view=all', '31'],
    ]);
  });

  it('describes each link by its count for screen readers', () => {
    renderWithProviders(<CategoriesPage />, { path: '/categories' });
    expect(screen.getByRole('link', { name: 'Real Estate' })).toHaveAccessibleDescription('4 projects');
  });
});
