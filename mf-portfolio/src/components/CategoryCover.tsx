import type { PortfolioProject } from 'shared-content';
import { styled } from 'shared-content/styling';
import { projectImageUrl } from '../model/project-images.ts';

export interface CategoryCoverProps {
  /** One screenshot fills the cover; four make a two-by-two collage. */
  projects: readonly PortfolioProject[];
}

const Cover = styled.div(({ theme }) => ({
  display: 'grid',
  aspectRatio: '640 / 420',
  overflow: 'hidden',
  background: theme.color.bg.muted,
  '&[data-collage="true"]': {
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: theme.space[1],
    padding: theme.space[1],
  },
  '& img': { width: '100%', height: '100%', objectFit: 'cover' },
}));

/** The picture at the top of a category card (decorative: the card's text names the category). */
export function CategoryCover({ projects }: CategoryCoverProps) {
  return (
    <Cover data-collage={projects.length > 1}>
      {projects.map(({ slug, image }) => (
        <img
          key={slug}
          src={projectImageUrl(image.file)}
          alt=""
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
      ))}
    </Cover>
  );
}
