import type { PortfolioCategory, PortfolioProject } from 'shared-content';
import { allProjectsLabel, defaultCategory, portfolioCategories } from 'shared-content/portfolio';

export type PortfolioFilter = PortfolioCategory | typeof allProjectsLabel;

/** How many cards show before View More Projects (spec section 9). */
export const initialVisibleCount = 6;

export const filterOptions: readonly PortfolioFilter[] = [allProjectsLabel, ...portfolioCategories];

/** Reads ?category=…; anything unknown falls back to the default (ECommerce). */
export function parseFilter(value: string | null): PortfolioFilter {
  return filterOptions.find((option) => option === value) ?? defaultCategory;
}

export function filterProjects(
  projects: readonly PortfolioProject[],
  filter: PortfolioFilter,
): PortfolioProject[] {
  return filter === allProjectsLabel
    ? [...projects]
    : projects.filter((project) => project.category === filter);
}

export function hasMoreThanInitial(count: number): boolean {
  return count > initialVisibleCount;
}
