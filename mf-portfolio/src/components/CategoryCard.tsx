import type { PortfolioProject } from 'shared-content';
import { categoriesCopy, projectCountLabel } from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { Link } from 'site-router';
import type { PortfolioFilter } from '../model/filtering.ts';
import { portfolioHref } from '../model/portfolio-url.ts';
import { CategoryCover } from './CategoryCover.tsx';
import { raisedCard } from './raised-card.ts';

export interface CategoryCardProps {
  /** A category, or All Projects. */
  filter: PortfolioFilter;
  count: number;
  description: string;
  /** Projects whose screenshots illustrate the card. */
  covers: readonly PortfolioProject[];
}

const Card = styled.article(({ theme }) => raisedCard(theme, '&:hover, &:focus-within'));

const Body = styled.div(({ theme }) => ({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[3],
  padding: theme.space[6],
}));

const TitleRow = styled.div(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: theme.space[2],
}));

const Name = styled.h2(({ theme }) => ({
  fontSize: theme.font.size.xl,
  fontWeight: theme.font.weight.bold,
  '& a': {
    color: 'inherit',
    textDecoration: 'none',
    // The whole card is the link's target; the link's text stays the category's name.
    '&::after': { content: '""', position: 'absolute', inset: 0 },
    '&:focus-visible': { outline: 'none' },
    '&:focus-visible::after': {
      outline: `3px solid ${theme.color.border.focus}`,
      outlineOffset: '-3px',
      borderRadius: theme.radii.lg,
    },
  },
}));

const Count = styled.p(({ theme }) => ({
  paddingInline: theme.space[3],
  paddingBlock: theme.space[1],
  borderRadius: theme.radii.full,
  background: theme.color.bg.brandSubtle,
  color: theme.color.fg.brand,
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.semibold,
  whiteSpace: 'nowrap',
}));

const Description = styled.p(({ theme }) => ({ flex: 1, color: theme.color.fg.muted }));

const Cue = styled.p(({ theme }) => ({
  color: theme.color.fg.brand,
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.semibold,
}));

/** One entry of /categories: screenshots, the name (a link to the filtered portfolio), the count, a summary. */
export function CategoryCard({ filter, count, description, covers }: CategoryCardProps) {
  const countId = `category-${filter.replace(/\W+/g, '-').toLowerCase()}-count`;
  return (
    <Card>
      <CategoryCover projects={covers} />
      <Body>
        <TitleRow>
          <Name>
            <Link to={portfolioHref({ filter, showAll: true })} aria-describedby={countId}>
              {filter}
            </Link>
          </Name>
          <Count id={countId}>{projectCountLabel(count)}</Count>
        </TitleRow>
        <Description>{description}</Description>
        <Cue aria-hidden="true">{categoriesCopy.viewProjects} →</Cue>
      </Body>
    </Card>
  );
}
