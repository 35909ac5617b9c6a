import { useCallback, useState } from 'react';
import { portfolioCopy, projects } from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { Section, SectionHeading } from 'shared-content/ui';
import { FilterChips } from '../components/FilterChips.tsx';
import { PortfolioHero } from '../components/PortfolioHero.tsx';
import { ProjectGrid } from '../components/ProjectGrid.tsx';
import { ViewMoreProjects } from '../components/ViewMoreProjects.tsx';
import { usePortfolioView } from '../hooks/usePortfolioView.ts';
import {
  categoryOf,
  filterOptions,
  filterProjects,
  hasMoreThanInitial,
  initialVisibleCount,
  visibleProjects,
} from '../model/filtering.ts';
import { portfolioHref } from '../model/portfolio-url.ts';

const Summary = styled.p(({ theme }) => ({
  marginBlock: `${theme.space[6]} ${theme.space[8]}`,
  textAlign: 'center',
  fontSize: theme.font.size.sm,
  color: theme.color.fg.muted,
}));

/** Cards whose image loads at once on /portfolio: the first row, in view on arrival. */
const eagerOnPage = 3;

export interface PortfolioSectionProps {
  /** On the home page View More leads to /portfolio; on the portfolio page it reveals the rest in place. */
  context: 'home' | 'page';
}

/**
 * Our Portfolio: category chips, the matching projects (six at first) and View More Projects when more match.
 * On the home page View More leads to /portfolio with the same filter, all projects shown; on the portfolio
 * page it reveals the rest in place and moves the focus to the first newly shown card.
 */
export function PortfolioSection({ context }: PortfolioSectionProps) {
  const { filter, showAll, selectFilter, revealAll } = usePortfolioView();
  const [focusSlug, setFocusSlug] = useState<string | null>(null);
  const clearFocusSlug = useCallback(() => setFocusSlug(null), []);

  const onPage = context === 'page';
  const matching = filterProjects(projects, filter);
  const expanded = onPage && showAll;
  const visible = visibleProjects(matching, expanded);
  const showViewMore = hasMoreThanInitial(matching.length) && !expanded;

  const reveal = () => {
    setFocusSlug(matching[initialVisibleCount]?.slug ?? null);
    revealAll();
  };

  const headingId = onPage ? 'portfolio-page-heading' : 'portfolio-heading';
  const projectsHeadingId = 'portfolio-projects-heading';

  return (
    <>
      {onPage ? <PortfolioHero headingId={headingId} /> : null}
      <Section id="portfolio" tone="subtle" labelledBy={onPage ? projectsHeadingId : headingId}>
        {onPage ? (
          <h2 id={projectsHeadingId} className="visually-hidden">
            {portfolioCopy.projectsHeading}
          </h2>
        ) : (
          <SectionHeading
            id={headingId}
            eyebrow={portfolioCopy.eyebrow}
            title={portfolioCopy.heading}
            subtitle={portfolioCopy.subtitle}
          />
        )}
        <FilterChips
          options={filterOptions}
          selected={filter}
          onSelect={selectFilter}
          label={portfolioCopy.filterLabel}
        />
        <Summary role="status">
          {portfolioCopy.summary(visible.length, matching.length, categoryOf(filter))}
        </Summary>
        <ProjectGrid
          projects={visible}
          eagerCount={onPage ? eagerOnPage : 0}
          focusSlug={focusSlug}
          onFocused={clearFocusSlug}
        />
        {showViewMore ? (
          onPage ? (
            <ViewMoreProjects onReveal={reveal} />
          ) : (
            <ViewMoreProjects href={portfolioHref({ filter, showAll: true })} />
          )
        ) : null}
      </Section>
    </>
  );
}
