import { Link } from 'react-router-dom';
import type { PortfolioCategory, PortfolioProject } from 'shared-content';
import { categoriesCopy, projectCountLabel } from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { portfolioHref } from '../portfolio-url.ts';
import { projectImageUrl } from '../project-images.ts';

export interface CategoryCardProps {
  category: PortfolioCategory;
  count: number;
  description: string;
  /** A project of the category whose screenshot illustrates the card. */
  cover: PortfolioProject | undefined;
}

const Card = styled.article(({ theme }) => ({
  position: 'relative',
  height: '100%',
  display: 'flex',
  flexDirection: 'column',
  borderRadius: theme.radii.lg,
  overflow: 'hidden',
  background: theme.color.bg.page,
  border: `1px solid ${theme.color.border.default}`,
  boxShadow: theme.shadows.sm,
  transition: `transform ${theme.motion.normal} ${theme.motion.easing}, box-shadow ${theme.motion.normal} ${theme.motion.easing}`,
  '&:hover, &:focus-within': { transform: 'translateY(-4px)', boxShadow: theme.shadows.lg },
  [theme.mq.reducedMotion]: { '&:hover, &:focus-within': { transform: 'none' } },
  '& img': { width: '100%', height: 'auto', aspectRatio: '640 / 420', background: theme.color.bg.muted },
}));

const Body = styled.div(({ theme }) => ({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.space[3],
  padding: theme.space[6],
}));

const TitleRow = styled.div(({ theme }) => ({
  display: 'flex',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: theme.space[3],
}));

const Name = styled.h2(({ theme }) => ({
  fontSize: theme.font.size.xl,
  fontWeight: theme.font.weight.bold,
  '& a': {
    color: 'inherit',
    textDecoration: 'none',
    // The whole card is the link's target area; the link text stays just the category's name.
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
  flexShrink: 0,
  paddingInline: theme.space[3],
  paddingBlock: theme.space[1],
  borderRadius: theme.radii.full,
  background: theme.color.bg.brandSubtle,
  color: theme.color.fg.brand,
  fontSize: theme.font.size.sm,
  fontWeight: theme.font.weight.semibold,
}));

const Description = styled.p(({ theme }) => ({ color: theme.color.fg.muted, flex: 1 }));

const Cue = styled.p(({ theme }) => ({
  color: theme.color.fg.brand,
  fontWeight: theme.font.weight.semibold,
  fontSize: theme.font.size.sm,
}));

/** One category on /categories: a screenshot from it, its name (the link), project count and what it covers. */
export function CategoryCard({ category, count, description, cover }: CategoryCardProps) {
  const countId = `category-${category.replace(/\W+/g, '-').toLowerCase()}-count`;
  return (
    <Card>
      {cover ? (
        <img
          src={projectImageUrl(cover.image.file)}
          alt=""
          width={cover.image.width}
          height={cover.image.height}
          loading="lazy"
          decoding="async"
        />
      ) : null}
      <Body>
        <TitleRow>
          <Name>
            <Link to={portfolioHref({ filter: category, showAll: true })} aria-describedby={countId}>
              {category}
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
