import { useState } from 'react';
import type { PortfolioProject } from 'shared-content';
import { styled } from 'shared-content/styling';
import { ProjectCard } from './ProjectCard.tsx';

export interface ProjectGridProps {
  projects: readonly PortfolioProject[];
  /** How many leading cards load their image eagerly (those in view on arrival). */
  eagerCount: number;
  /** The card to move the keyboard focus to once it is shown, if any. */
  focusSlug: string | null;
  onFocused: () => void;
}

const Grid = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: theme.space[8] },
}));

/** The project cards; remembers which one the pointer is over, so exactly that one is highlighted. */
export function ProjectGrid({ projects, eagerCount, focusSlug, onFocused }: ProjectGridProps) {
  const [highlighted, setHighlighted] = useState<string | null>(null);
  return (
    <Grid>
      {projects.map((project, index) => (
        <li key={project.slug}>
          <ProjectCard
            project={project}
            highlighted={highlighted === project.slug}
            onHighlight={setHighlighted}
            imageLoading={index < eagerCount ? 'eager' : 'lazy'}
            focusOnMount={project.slug === focusSlug}
            onFocused={onFocused}
          />
        </li>
      ))}
    </Grid>
  );
}
