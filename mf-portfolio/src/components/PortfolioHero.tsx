import { portfolioCategories, portfolioCopy, projectCountLabel, projects } from 'shared-content/portfolio';
import { pagePaths } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { ButtonLink, PageHero } from 'shared-content/ui';

export interface PortfolioHeroProps {
  /** Id of the h1, which names the page's portfolio section too. */
  headingId: string;
}

const Facts = styled.div(({ theme }) => ({
  marginTop: theme.space[8],
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.space[4],
  '& ul': {
    display: 'flex',
    gap: theme.space[3],
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  '& li': {
    paddingInline: theme.space[4],
    paddingBlock: theme.space[2],
    borderRadius: theme.radii.full,
    background: theme.color.bg.glass,
    boxShadow: `inset 0 0 0 1px ${theme.color.border.glass}`,
    fontWeight: theme.font.weight.semibold,
    fontSize: theme.font.size.sm,
  },
}));

/** The dark band opening /portfolio: the page's h1 Our Portfolio, how much work there is, and a way to browse it. */
export function PortfolioHero({ headingId }: PortfolioHeroProps) {
  return (
    <PageHero
      id={headingId}
      eyebrow={portfolioCopy.eyebrow}
      title={portfolioCopy.heading}
      text={portfolioCopy.subtitle}
    >
      <Facts>
        <ul>
          <li>{projectCountLabel(projects.length)}</li>
          <li>{portfolioCopy.categoriesCount(portfolioCategories.length)}</li>
        </ul>
        <ButtonLink to={pagePaths.categories} variant="onDark">
          {portfolioCopy.browseCategories}
        </ButtonLink>
      </Facts>
    </PageHero>
  );
}
