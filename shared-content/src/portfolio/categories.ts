import type { PortfolioCategory } from '../entities/index.ts';

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

/** "1 project", "9 projects". */
export function projectCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'project' : 'projects'}`;
}

export const portfolioCopy = {
  eyebrow: 'OUR WORK',
  heading: 'Our Portfolio',
  subtitle: 'A selection of the websites, stores and platforms we have designed and built for our clients.',
  viewMore: 'View More Projects',
  filterLabel: 'Filter projects by category',
  /** Heading of the project grid on /portfolio, for screen-reader navigation (the page's h1 is in the hero). */
  projectsHeading: 'Projects',
  technologiesLabel: 'Technologies',
  browseCategories: 'Browse by category',
  /** The live status line above the grid, e.g. "Showing 6 of 9 ECommerce projects". */
  summary(shown: number, total: number, category: PortfolioCategory | null): string {
    const kind = category ? `${category} ` : '';
    const noun = total === 1 ? 'project' : 'projects';
    return shown < total ? `Showing ${shown} of ${total} ${kind}${noun}` : `Showing ${total} ${kind}${noun}`;
  },
  /** Facts in the /portfolio hero, e.g. "31 projects" and "7 categories". */
  categoriesCount: (count: number) => `${count} categories`,
} as const;

export const categoriesCopy = {
  eyebrow: 'OUR WORK',
  heading: 'Categories',
  subtitle:
    'Browse our work by the kind of business it was built for. Pick a category to see every project in it.',
  listLabel: 'Portfolio categories',
  viewProjects: 'View projects',
  allProjectsDescription: 'Every project we have shown here, across all seven categories, in one list.',
} as const;

/** One line per category on /categories: what such a project usually involves. */
export const categoryDescriptions: Record<PortfolioCategory, string> = {
  ECommerce: 'Online stores with catalogues, carts, UPI and card payments, and shipping built in.',
  WordPress: 'Content-managed websites your team can update on its own, from blogs to schools and NGOs.',
  'Real Estate': 'Property portals with search, maps, listings and enquiry forms for builders and brokers.',
  Classified: 'Listing portals where people post, search and answer ads, with moderation for the owner.',
  Consulting: 'Websites and client portals for advisory, accounting and HR firms that have to earn trust.',
  Business: 'Company websites and catalogues that show what a business makes, does and stands for.',
  Matrimonial: 'Profile-based matchmaking platforms with partner search, interests and privacy controls.',
};
