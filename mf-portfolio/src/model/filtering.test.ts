import { portfolioCategories, projects } from 'shared-content/portfolio';
import { describe, expect, it } from 'vitest';
import {
  categoryOf,
  countByCategory,
  filterOptions,
  filterProjects,
  hasMoreThanInitial,
  initialVisibleCount,
  parseFilter,
  visibleProjects,
} from './filtering.ts';

describe('parseFilter', () => {
  it('defaults to ECommerce when the URL names no category', () => {
    expect(parseFilter(null)).toBe('ECommerce');
    expect(parseFilter('')).toBe('ECommerce');
  });

  it('accepts every chip, All Projects included', () => {
    for (const option of filterOptions) expect(parseFilter(option)).toBe(option);
  });

  it('ignores case and surrounding spaces, so hand-typed links work', () => {
    expect(parseFilter('real estate')).toBe('Real Estate');
    expect(parseFilter(' all projects ')).toBe('All Projects');
  });

  it('falls back to the default for an unknown value', () => {
    expect(parseFilter('Gaming')).toBe('ECommerce');
    expect(parseFilter('<script>')).toBe('ECommerce');
  });
});

describe('filterProjects', () => {
  it('All Projects shows every project, in the data order', () => {
    expect(filterProjects(projects, 'All Projects')).toEqual(projects);
    expect(categoryOf('All Projects')).toBeNull();
  });

  it('a category shows exactly its own projects', () => {
    for (const category of portfolioCategories) {
      const matching = filterProjects(projects, category);
      expect(matching.length).toBeGreaterThan(0);
      expect(matching.every((project) => project.category === category)).toBe(true);
      expect(matching).toHaveLength(projects.filter((project) => project.category === category).length);
    }
  });

  it('returns a new array, so callers cannot reorder the shared data', () => {
    expect(filterProjects(projects, 'All Projects')).not.toBe(projects);
  });
});

describe('View More threshold', () => {
  it('shows View More only above six projects', () => {
    expect(initialVisibleCount).toBe(6);
    expect(hasMoreThanInitial(0)).toBe(false);
    expect(hasMoreThanInitial(6)).toBe(false);
    expect(hasMoreThanInitial(7)).toBe(true);
    expect(hasMoreThanInitial(31)).toBe(true);
  });

  it('shows the first six until asked for all', () => {
    const ecommerce = filterProjects(projects, 'ECommerce');
    expect(visibleProjects(ecommerce, false)).toEqual(ecommerce.slice(0, 6));
    expect(visibleProjects(ecommerce, true)).toEqual(ecommerce);
    const matrimonial = filterProjects(projects, 'Matrimonial');
    expect(visibleProjects(matrimonial, false)).toEqual(matrimonial);
  });
});

describe('countByCategory', () => {
  const counts = countByCategory(projects);

  it('lists every category once, in chip order, with counts adding up to all projects', () => {
    expect(counts.map(({ category }) => category)).toEqual(portfolioCategories);
    expect(counts.reduce((sum, { count }) => sum + count, 0)).toBe(projects.length);
  });

  it('counts each category', () => {
    expect(Object.fromEntries(counts.map(({ category, count }) => [category, count]))).toEqual({
      ECommerce: 9,
      WordPress: 6,
      'Real Estate': 4,
      Classified: 3,
      Consulting: 3,
      Business: 4,
      Matrimonial: 2,
    });
  });

  it('includes a category with no projects as zero', () => {
    const onlyStores = projects.filter((project) => project.category === 'ECommerce');
    expect(countByCategory(onlyStores).find(({ category }) => category === 'Matrimonial')?.count).toBe(0);
  });
});
