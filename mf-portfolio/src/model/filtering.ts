import type { PortfolioCategory, PortfolioProject } from 'shared-content';
import { allProjectsLabel, defaultCategory, portfolioCategories } from 'shared-content/portfolio';

export type PortfolioFilter = PortfolioCategory | typeof allProjectsLabel;

/** How many cards show before View More Projects (spec section 9). */
export const initialVisibleCount = 6;

export const filterOptions: readonly PortfolioFilter[] = [allProjectsLabel, ...portfolioCategories];

/** Reads ?category=… (case-insensitively); anything unknown or missing falls back to the default (ECommerce). */
export function parseFilter(value: string | null): PortfolioFilter {
  const wanted = value?.trim().toLowerCase();
  return filterOptions.find((option) => option.toLowerCase() === wanted) ?? defaultCategory;
}

/** The category a filter narrows to, or null for All Projects. */
export function categoryOf(filter: PortfolioFilter): PortfolioCategory | null {
  return filter === allProjectsLabel ? null : filter;
}

export function filterProjects(
  projects: readonly PortfolioProject[],
  filter: PortfolioFilter,
): PortfolioProject[] {
  const category = categoryOf(filter);
  return category ? projects.filter((project) => project.category === category) : [...projects];
}

/** View More Projects shows only when more than six projects match (spec section 9). */
export function hasMoreThanInitial(count: number): boolean {
  return count > initialVisibleCount;
}

/** The cards on screen: the first six, or all of them once the visitor asked for more. */
export function visibleProjects(matching: readonly PortfolioProject[], showAll: boolean): PortfolioProject[] {
  return showAll ? [...matching] : matching.slice(0, initialVisibleCount);
}

export interface CategoryCount {
  category: PortfolioCategory;
  count: number;
}

/** Every category in display order with its number of projects (zero included). */
export function countByCategory(projects: readonly PortfolioProject[]): CategoryCount[] {
  return portfolioCategories.map((category) => ({
    category,
    count: projects.filter((project) => project.category === category).length,
  }));
}
