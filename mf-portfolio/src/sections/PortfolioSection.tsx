import { useSearchParams } from 'react-router-dom';
import { portfolioCopy, projects } from 'shared-content/portfolio';
import { routes } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { ButtonLink, Section, SectionHeading } from 'shared-content/ui';
import type { PortfolioSectionProps } from '../contract.ts';
import {
  filterOptions,
  filterProjects,
  hasMoreThanInitial,
  initialVisibleCount,
  parseFilter,
} from '../filtering.ts';

const Chips = styled.div(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: theme.space[2],
  marginBottom: theme.space[10],
}));

const Chip = styled.button(({ theme }) => ({
  minHeight: 44,
  paddingInline: theme.space[4],
  borderRadius: theme.radii.full,
  border: `1px solid ${theme.color.border.strong}`,
  background: theme.color.bg.page,
  color: theme.color.fg.default,
  fontWeight: theme.font.weight.semibold,
  cursor: 'pointer',
  '&[aria-pressed="true"]': {
    background: theme.color.bg.brand,
    borderColor: theme.color.bg.brand,
    color: theme.color.fg.onBrand,
  },
}));

const Grid = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
}));

const Card = styled.li(({ theme }) => ({
  padding: theme.space[6],
  borderRadius: theme.radii.lg,
  border: `1px solid ${theme.color.border.default}`,
  background: theme.color.bg.page,
  '& h3': { fontSize: theme.font.size.lg },
  '& p': { color: theme.color.fg.muted, fontSize: theme.font.size.sm },
}));

const More = styled.div(({ theme }) => ({ marginTop: theme.space[10], textAlign: 'center' }));

export function PortfolioSection({ context }: PortfolioSectionProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get('category'));
  const matching = filterProjects(projects, filter);
  const visible = matching.slice(0, initialVisibleCount);

  return (
    <Section id="portfolio" tone="subtle" labelledBy="portfolio-heading">
      <SectionHeading
        id="portfolio-heading"
        eyebrow={portfolioCopy.eyebrow}
        title={portfolioCopy.heading}
        subtitle={portfolioCopy.subtitle}
        level={context === 'page' ? 1 : 2}
      />
      <Chips role="group" aria-label={portfolioCopy.filterLabel}>
        {filterOptions.map((option) => (
          <Chip
            key={option}
            type="button"
            aria-pressed={option === filter}
            onClick={() => setSearchParams({ category: option }, { preventScrollReset: true })}
          >
            {option}
          </Chip>
        ))}
      </Chips>
      <Grid>
        {visible.map((project) => (
          <Card key={project.title}>
            <h3>{project.title}</h3>
            <p>
              {project.category} · {project.tech.join(', ')}
            </p>
          </Card>
        ))}
      </Grid>
      {hasMoreThanInitial(matching.length) ? (
        <More>
          <ButtonLink to={`${routes.portfolio.path}?category=${encodeURIComponent(filter)}`}>
            {portfolioCopy.viewMore}
          </ButtonLink>
        </More>
      ) : null}
    </Section>
  );
}
