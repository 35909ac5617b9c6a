import type { PortfolioCategory, PortfolioProject } from '../entities/index.ts';

/** Size of every project screenshot (mf-portfolio generates them at this size). */
export const projectImageSize = { width: 640, height: 420 } as const;

/** "Handloom Saree Store" → "handloom-saree-store". */
export function projectSlug(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function project(title: string, category: PortfolioCategory, tech: readonly string[]): PortfolioProject {
  const slug = projectSlug(title);
  return {
    slug,
    title,
    category,
    image: { file: `${slug}.svg`, alt: `Home page design of the ${title} project`, ...projectImageSize },
    tech,
  };
}

/** Work we have shipped, grouped by category (spec section 3: about 31 projects). */
export const projects: readonly PortfolioProject[] = [
  project('Handloom Saree Store', 'ECommerce', ['Shopify', 'Liquid', 'Razorpay']),
  project('Organic Grocery Delivery', 'ECommerce', ['React', 'Node.js', 'MongoDB']),
  project('Handcrafted Silver Jewellery', 'ECommerce', ['WooCommerce', 'WordPress', 'UPI Payments']),
  project('Ayurvedic Skincare Shop', 'ECommerce', ['Shopify', 'Liquid', 'WhatsApp API']),
  project('Spice Exporter B2B Store', 'ECommerce', ['Magento', 'PHP', 'MySQL']),
  project('Wooden Toys Online Shop', 'ECommerce', ['Next.js', 'Medusa', 'PostgreSQL']),
  project('Mobile Accessories Marketplace', 'ECommerce', ['React', 'Node.js', 'Redis']),
  project('Darjeeling Tea Estate Shop', 'ECommerce', ['Shopify', 'Liquid', 'Shiprocket']),
  project('Kolhapuri Footwear Store', 'ECommerce', ['Next.js', 'Tailwind CSS', 'Razorpay']),

  project('Ayurveda Wellness Centre', 'WordPress', ['WordPress', 'Elementor', 'PHP']),
  project('Rishikesh Yoga Retreat', 'WordPress', ['WordPress', 'ACF', 'Booking Calendar']),
  project('Rajasthan Heritage Tours', 'WordPress', ['WordPress', 'WPML', 'Elementor']),
  project('Senior Secondary School', 'WordPress', ['WordPress', 'Custom Theme', 'PHP']),
  project('Regional Recipes Blog', 'WordPress', ['WordPress', 'Gutenberg', 'Yoast SEO']),
  project('Rural Education NGO', 'WordPress', ['WordPress', 'GiveWP', 'Razorpay']),

  project('Noida Homes Finder', 'Real Estate', ['React', 'Leaflet Maps', 'Express']),
  project('Pune Rental Listings', 'Real Estate', ['Next.js', 'PostgreSQL', 'Mapbox']),
  project('Goa Holiday Villas', 'Real Estate', ['Astro', 'Sanity', 'Tailwind CSS']),
  project('Gurugram Office Spaces', 'Real Estate', ['Laravel', 'Vue.js', 'MySQL']),

  project('City Classifieds Portal', 'Classified', ['Laravel', 'MySQL', 'Bootstrap']),
  project('Used Cars Marketplace', 'Classified', ['Django', 'PostgreSQL', 'React']),
  project('Local Jobs Board', 'Classified', ['Node.js', 'Express', 'Elasticsearch']),

  project('Tax Advisory Firm', 'Consulting', ['WordPress', 'Elementor', 'Calendly']),
  project('Chartered Accountants Portal', 'Consulting', ['React', 'Firebase', 'Material UI']),
  project('HR & Payroll Consultancy', 'Consulting', ['Next.js', 'Strapi', 'Tailwind CSS']),

  project('Logistics Company Site', 'Business', ['Next.js', 'Tailwind CSS', 'Vercel']),
  project('Surat Textile Manufacturer', 'Business', ['React', 'Node.js', 'Cloudinary']),
  project('Interior Design Studio', 'Business', ['Astro', 'GSAP', 'Netlify CMS']),
  project('Rooftop Solar Installer', 'Business', ['WordPress', 'Elementor', 'WhatsApp API']),

  project('Community Matrimony Portal', 'Matrimonial', ['PHP', 'MySQL', 'jQuery']),
  project('Regional Matrimony App', 'Matrimonial', ['React Native', 'Node.js', 'Socket.io']),
];
