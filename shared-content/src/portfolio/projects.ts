import type { PortfolioProject } from '../types.ts';

const image = (slug: string, title: string) => ({
  src: `images/projects/${slug}.svg`,
  alt: `Screenshot of the ${title} project`,
  width: 640,
  height: 420,
});

export const projects: readonly PortfolioProject[] = [
  {
    title: 'Handloom Saree Store',
    category: 'ECommerce',
    image: image('handloom-saree-store', 'Handloom Saree Store'),
    tech: ['Shopify', 'Liquid', 'Razorpay'],
  },
  {
    title: 'Organic Grocery Delivery',
    category: 'ECommerce',
    image: image('organic-grocery', 'Organic Grocery Delivery'),
    tech: ['React', 'Node.js', 'MongoDB'],
  },
  {
    title: 'Ayurveda Wellness Shop',
    category: 'WordPress',
    image: image('ayurveda-wellness', 'Ayurveda Wellness Shop'),
    tech: ['WordPress', 'WooCommerce', 'PHP'],
  },
  {
    title: 'Noida Homes Finder',
    category: 'Real Estate',
    image: image('noida-homes', 'Noida Homes Finder'),
    tech: ['React', 'Google Maps API', 'Express'],
  },
  {
    title: 'City Classifieds Portal',
    category: 'Classified',
    image: image('city-classifieds', 'City Classifieds Portal'),
    tech: ['Laravel', 'MySQL', 'Bootstrap'],
  },
  {
    title: 'Tax Advisory Firm',
    category: 'Consulting',
    image: image('tax-advisory', 'Tax Advisory Firm'),
    tech: ['WordPress', 'Elementor'],
  },
  {
    title: 'Logistics Company Site',
    category: 'Business',
    image: image('logistics-company', 'Logistics Company Site'),
    tech: ['Next.js', 'Tailwind CSS'],
  },
  {
    title: 'Community Matrimony Portal',
    category: 'Matrimonial',
    image: image('community-matrimony', 'Community Matrimony Portal'),
    tech: ['PHP', 'MySQL', 'jQuery'],
  },
];
