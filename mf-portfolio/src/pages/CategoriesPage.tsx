import {
  allProjectsLabel,
  categoriesCopy,
  categoryDescriptions,
  portfolioCategories,
  projects,
} from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { PageHero, Section } from 'shared-content/ui';
import { CategoryCard } from '../components/CategoryCard.tsx';
import { countByCategory, filterProjects } from '../model/filtering.ts';

const List = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  // Seven categories and All Projects: two full rows of four.
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
}));

/** The first project of each of the first four categories: a collage for the All Projects card. */
const collage = portfolioCategories
  .slice(0, 4)
  .flatMap((category) => filterProjects(projects, category).slice(0, 1));

/** /categories: every portfolio category with its project count, each leading to the filtered portfolio. */
export function CategoriesPage() {
  return (
    <>
      <PageHero
        id="categories-heading"
        eyebrow={categoriesCopy.eyebrow}
        title={categoriesCopy.heading}
        text={categoriesCopy.subtitle}
      />
      <Section tone="subtle">
        <List aria-label={categoriesCopy.listLabel}>
          {countByCategory(projects).map(({ category, count }) => (
            <li key={category}>
              <CategoryCard
                filter={category}
                count={count}
                description={categoryDescriptions[category]}
                covers={filterProjects(projects, category).slice(0, 1)}
              />
            </li>
          ))}
          <li>
            <CategoryCard
              filter={allProjectsLabel}
              count={projects.length}
              description={categoriesCopy.allProjectsDescription}
              covers={collage}
            />
          </li>
        </List>
      </Section>
    </>
  );
}
