import { useCallback } from 'react';
import { useSearchParams } from 'site-router';
import { type PortfolioFilter, parseFilter } from '../model/filtering.ts';
import { categoryParam, portfolioSearchParams, viewAllValue, viewParam } from '../model/portfolio-url.ts';

export interface PortfolioView {
  filter: PortfolioFilter;
  /** True once the visitor asked for more than the first six projects (?view=all). */
  showAll: boolean;
  /** Shows another category: a new history entry, so Back returns to the previous one. */
  selectFilter: (filter: PortfolioFilter) => void;
  /** Reveals every matching project; replaces the entry, so Back leaves the portfolio as expected. */
  revealAll: () => void;
}

/** The portfolio's state lives in the URL (?category=…&view=all); this reads and writes it. */
export function usePortfolioView(): PortfolioView {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get(categoryParam));
  const showAll = searchParams.get(viewParam) === viewAllValue;

  const selectFilter = useCallback(
    (next: PortfolioFilter) => {
      if (next === filter) return;
      setSearchParams(portfolioSearchParams({ filter: next, showAll: false }));
    },
    [filter, setSearchParams],
  );
  const revealAll = useCallback(
    () => setSearchParams(portfolioSearchParams({ filter, showAll: true }), { replace: true }),
    [filter, setSearchParams],
  );
  return { filter, showAll, selectFilter, revealAll };
}
