import { allProjectsLabel, categoriesCopy, categoryDescriptions, projects } from 'shared-content/portfolio';
import { styled } from 'shared-content/styling';
import { ButtonLink, PageHero, Section } from 'shared-content/ui';
import { CategoryCard } from '../components/CategoryCard.tsx';
import { countByCategory } from '../filtering.ts';
import { portfolioHref } from '../portfolio-url.ts';

const List = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[6],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: theme.space[8] },
}));

const AllProjects = styled.div(({ theme }) => ({
  marginTop: theme.space[12],
  display: 'flex',
  justifyContent: 'center',
}));

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
                category={category}
                count={count}
                description={categoryDescriptions[category]}
                cover={projects.find((project) => project.category === category)}
              />
            </li>
          ))}
        </List>
        <AllProjects>
          <ButtonLink to={portfolioHref({ filter: allProjectsLabel, showAll: true })}>
            {categoriesCopy.allProjects(projects.length)}
          </ButtonLink>
        </AllProjects>
      </Section>
    </>
  );
}
