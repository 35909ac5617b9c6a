import { Link } from 'react-router-dom';
import { categoriesCopy, portfolioCategories, projects } from 'shared-content/portfolio';
import { routes } from 'shared-content/site';
import { styled } from 'shared-content/styling';
import { PageHero, Section } from 'shared-content/ui';
import { filterProjects } from '../filtering.ts';

const List = styled.ul(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: theme.space[4],
  [theme.mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.mq.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  '& a': {
    display: 'flex',
    justifyContent: 'space-between',
    padding: theme.space[6],
    borderRadius: theme.radii.lg,
    border: `1px solid ${theme.color.border.default}`,
    textDecoration: 'none',
    fontWeight: theme.font.weight.semibold,
    fontSize: theme.font.size.lg,
  },
}));

export function CategoriesPage() {
  return (
    <>
      <PageHero id="categories-heading" title={categoriesCopy.heading} text={categoriesCopy.subtitle} />
      <Section labelledBy="categories-heading">
        <List>
          {portfolioCategories.map((category) => (
            <li key={category}>
              <Link to={`${routes.portfolio.path}?category=${encodeURIComponent(category)}`}>
                <span>{category}</span>
                <span>{filterProjects(projects, category).length} projects</span>
              </Link>
            </li>
          ))}
        </List>
      </Section>
    </>
  );
}
