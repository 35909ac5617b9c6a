import { useEffect, useRef } from 'react';
import type { PortfolioProject } from 'shared-content';
import { portfolioCopy } from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { projectImageUrl } from '../model/project-images.ts';
import { raisedCard } from './raised-card.ts';

export interface ProjectCardProps {
  project: PortfolioProject;
  /** The card under the pointer (spec: hovering a card marks it as highlighted). */
  highlighted: boolean;
  onHighlight: (slug: string | null) => void;
  /** Eager for cards seen on arrival; the rest load as they near the viewport. */
  imageLoading: 'eager' | 'lazy';
  /** Take the keyboard focus once shown: the first card View More Projects reveals. */
  focusOnMount?: boolean;
  onFocused?: () => void;
}

export const projectCardId = (slug: string) => `project-${slug}`;

const Card = styled.article(({ theme }) => raisedCard(theme, '&[data-highlighted="true"], &:focus-visible'));

const Shot = styled.div(({ theme }) => ({
  aspectRatio: '640 / 420',
  overflow: 'hidden',
  background: theme.color.bg.muted,
  '& img': {
    width: '100%',
    height: '100%',
    objectFit: 'cover',
    transition: `transform ${theme.motion.normal} ${theme.motion.easing}`,
  },
  '[data-highlighted="true"] > & img': { transform: 'scale(1.03)' },
}));

/**
 * Title, category and technologies. Where the device can hover they overlay the picture and appear on hover
 * or keyboard focus; on touch screens (no hover) they sit under the picture, always readable.
 */
const Details = styled.div(({ theme }) => ({
  display: 'grid',
  gap: theme.space[2],
  alignContent: 'start',
  padding: theme.space[5],
  [theme.mq.hover]: {
    position: 'absolute',
    insetInline: 0,
    bottom: 0,
    paddingTop: theme.space[16],
    background: `linear-gradient(to top, ${theme.color.bg.inverse} 55%, transparent)`,
    color: theme.color.fg.inverse,
    opacity: 0,
    transform: `translateY(${theme.space[3]})`,
    transition: `opacity ${theme.motion.normal} ${theme.motion.easing}, transform ${theme.motion.normal} ${theme.motion.easing}`,
    '[data-highlighted="true"] > &, *:focus-within > &': { opacity: 1, transform: 'none' },
  },
}));

const Category = styled.p(({ theme }) => ({
  fontSize: theme.font.size.xs,
  fontWeight: theme.font.weight.bold,
  letterSpacing: '0.1em',
  textTransform: 'uppercase',
  color: theme.color.fg.brand,
  [theme.mq.hover]: { color: theme.color.bg.accent },
}));

const Title = styled.h3(({ theme }) => ({
  fontSize: theme.font.size.lg,
  fontWeight: theme.font.weight.bold,
}));

const Tags = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.space[2],
  '& li': {
    paddingInline: theme.space[3],
    paddingBlock: theme.space[1],
    borderRadius: theme.radii.full,
    fontSize: theme.font.size.xs,
    fontWeight: theme.font.weight.medium,
    lineHeight: theme.font.lineHeight.snug,
    background: theme.color.bg.muted,
    color: theme.color.fg.default,
    [theme.mq.hover]: {
      background: theme.color.bg.glass,
      color: theme.color.fg.inverse,
      boxShadow: `inset 0 0 0 1px ${theme.color.border.glass}`,
    },
  },
}));

export function ProjectCard({
  project,
  highlighted,
  onHighlight,
  imageLoading,
  focusOnMount = false,
  onFocused,
}: ProjectCardProps) {
  const { slug, title, category, image, tech } = project;
  const cardRef = useRef<HTMLElement>(null);
  const titleId = `${projectCardId(slug)}-title`;

  useEffect(() => {
    if (!focusOnMount) return;
    cardRef.current?.focus();
    onFocused?.();
  }, [focusOnMount, onFocused]);

  return (
    // The card takes focus (tabIndex 0) so keyboard users can reveal its details, as hover does.
    <Card
      ref={cardRef}
      id={projectCardId(slug)}
      tabIndex={0}
      aria-labelledby={titleId}
      data-highlighted={highlighted}
      onMouseEnter={() => onHighlight(slug)}
      onMouseLeave={() => onHighlight(null)}
    >
      <Shot>
        <img
          src={projectImageUrl(image.file)}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading={imageLoading}
          decoding="async"
        />
      </Shot>
      <Details>
        <Category>{category}</Category>
        <Title id={titleId}>{title}</Title>
        <Tags aria-label={portfolioCopy.technologiesLabel}>
          {tech.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </Tags>
      </Details>
    </Card>
  );
}
