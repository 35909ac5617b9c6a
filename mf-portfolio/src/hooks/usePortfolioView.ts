import { useCallback, useEffect, useRef } from 'react';
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

  // The router renders a navigation in a transition, so a second tap can arrive before the chip's
  // category is on screen. The chosen category is kept here until that render commits; without it,
  // "All Projects" then View More revealed the old category and wrote it over the visitor's choice.
  const chosen = useRef<PortfolioFilter | null>(null);
  useEffect(() => {
    chosen.current = null;
  }, [filter]);

  const selectFilter = useCallback(
    (next: PortfolioFilter) => {
      if (next === (chosen.current ?? filter)) return;
      chosen.current = next;
      setSearchParams(portfolioSearchParams({ filter: next, showAll: false }));
    },
    [filter, setSearchParams],
  );
  const revealAll = useCallback(
    () =>
      setSearchParams(portfolioSearchParams({ filter: chosen.current ?? filter, showAll: true }), {
        replace: true,
      }),
    [filter, setSearchParams],
  );
  return { filter, showAll, selectFilter, revealAll };
}
