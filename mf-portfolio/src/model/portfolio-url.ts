import { pagePaths } from 'shared-content/site';
import type { PortfolioFilter } from './filtering.ts';

/** The query parameters the portfolio keeps its state in, so a filtered view can be shared. */
export const categoryParam = 'category';
export const viewParam = 'view';
/** ?view=all: every matching project is shown, not only the first six. */
export const viewAllValue = 'all';

export interface PortfolioViewState {
  filter: PortfolioFilter;
  showAll: boolean;
}

export function portfolioSearchParams({ filter, showAll }: PortfolioViewState): URLSearchParams {
  const params = new URLSearchParams({ [categoryParam]: filter });
  if (showAll) params.set(viewParam, viewAllValue);
  return params;
}

/** A link to /portfolio showing `filter`, e.g. "/portfolio?category=Real+Estate". */
export function portfolioHref(state: PortfolioViewState): string {
  return `${pagePaths.portfolio}?${portfolioSearchParams(state).toString()}`;
}
