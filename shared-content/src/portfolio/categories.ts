import type { PortfolioCategory } from '../types.ts';

export const portfolioCategories: readonly PortfolioCategory[] = [
  'ECommerce',
  'WordPress',
  'Real Estate',
  'Classified',
  'Consulting',
  'Business',
  'Matrimonial',
];

export const allProjectsLabel = 'All Projects';
export const defaultCategory: PortfolioCategory = 'ECommerce';

export const portfolioCopy = {
  eyebrow: 'OUR WORK',
  heading: 'Our Portfolio',
  subtitle: 'A selection of the websites, stores and platforms we have designed and built for our clients.',
  viewMore: 'View More Projects',
  filterLabel: 'Filter projects by category',
} as const;

export const categoriesCopy = {
  heading: 'Categories',
  subtitle: 'Browse our work by the kind of business it was built for.',
} as const;
